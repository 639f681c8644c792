/**
 * One's own account (My Profile) is a single row in no change feed: each run
 * reads it with GET users/{id} and lays the queued edits over it, as the feed
 * does for records, so a change an Admin made (a role, a name) reaches the
 * device and an edit still waiting to be sent keeps showing.
 */

import type { OutpostDb } from '../db/database'
import { opsFor } from '../db/record-writes'
import type { MirrorRow } from '../db/tables'
import type { Account } from '../domain/user'
import { getDoc } from '../transport/calls'
import { NetworkError } from '../transport/http'
import type { EngineContext, PullResult } from './context'
import { staleConflicts, withPending } from './rebase'

export async function pullAccount(ctx: EngineContext): Promise<PullResult> {
  let answer: Awaited<ReturnType<typeof getDoc>>
  try {
    answer = await getDoc(ctx.transport, 'users', ctx.userId)
  } catch (error) {
    if (error instanceof NetworkError) return 'offline'
    throw error
  }
  if (answer.status === 401) return 'auth'
  const doc = answer.body as MirrorRow | undefined
  // Anything but the account itself (a server that lost it is about to end the session, 401) leaves
  // the device's copy as it is: the records' sync went through, and the account is read again next run.
  if (answer.status !== 200 || doc?.id !== ctx.userId || typeof doc.version !== 'number') return 'ok'
  await storeAccount(ctx.db, doc as unknown as Account, ctx)
  return 'ok'
}

/**
 * The account as the server answered it (this run's read, or a change made
 * online: a new email), with the edits still queued laid over it. Never an
 * older version over a newer one: a read and a save may cross.
 */
export async function storeAccount(db: OutpostDb, doc: Account, ctx?: EngineContext) {
  await db.transaction('rw', [db.users, db.outbox], async () => {
    const ops = await opsFor(db, 'users', doc.id)
    const row = doc as unknown as MirrorRow
    for (const op of staleConflicts(ops, row)) await db.outbox.update(op.seq as number, { serverDoc: row })
    // The echo of this run's own push: the row already holds this version under the queued ops.
    if (ctx?.settled?.get(`users:${doc.id}`) === doc.version) return
    const current = await db.users.get(doc.id)
    if (current && current.version > doc.version) return
    const laid = withPending(row, ops)
    if (laid) await db.users.put(laid as unknown as Account)
  })
}
