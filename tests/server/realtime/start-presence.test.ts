/**
 * A process's presence joined to the others on its database (server/realtime/start-presence.ts):
 * on PostgreSQL what it is told goes out over NOTIFY and what another process says comes in; on
 * PGlite, the only process on its database, it says nothing to the database at all.
 */
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TOKEN } from '../../../server/db/feed-signal'
import { type DbHandle, openDb } from '../../../server/db/open'
import { PRESENCE_CHANNEL } from '../../../server/realtime/presence'
import { startPresence } from '../../../server/realtime/start-presence'
import { startTestPostgres, type TestPostgres } from '../postgres'

const OPTIONS = { ttlMs: 60_000, perSession: 5, most: 100 }
const RECORD = 'contacts:0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d'
const GRACE = { session: 'session-grace', userId: 'grace', name: 'Grace Hopper' }

const until = async (done: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms
  while (!done()) {
    if (Date.now() > end) throw new Error('not within the time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('on PGlite', () => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await openDb()
  })
  afterAll(() => handle.close())

  it('keeps to itself: a word said sends no NOTIFY', async () => {
    const heard: string[] = []
    const client = (handle.db as unknown as { $client: PGlite }).$client
    const unlisten = await client.listen(PRESENCE_CHANNEL, (payload) => heard.push(payload))
    const { presence, stop } = startPresence(handle.db, OPTIONS)
    try {
      presence.say(GRACE, 'tab-00000001', RECORD)
      // A NOTIFY made afterwards is heard: had the word been sent, it would have come first.
      await handle.db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, 'probe')`)
      await until(() => heard.includes('probe'))
      expect(heard).toEqual(['probe'])
      expect(presence.map()).toEqual({ [RECORD]: [{ id: 'grace', name: 'Grace Hopper' }] })
    } finally {
      await stop()
      await unlisten()
    }
  })
})

describe('on PostgreSQL', () => {
  let postgres: TestPostgres
  let handle: DbHandle
  let other: pg.Client
  beforeAll(async () => {
    postgres = await startTestPostgres()
    handle = await openDb({ databaseUrl: postgres.url })
    other = new pg.Client({ connectionString: postgres.url })
    await other.connect()
  }, 120_000)
  afterAll(async () => {
    await other?.end()
    await handle?.close()
    await postgres?.stop()
  })

  it('tells the other processes what it is told, and hears what they say', async () => {
    const heard: string[] = []
    other.on('notification', (message) => heard.push(message.payload ?? ''))
    await other.query(`listen ${PRESENCE_CHANNEL}`)
    const { presence, stop } = startPresence(handle.db, OPTIONS)
    try {
      presence.say(GRACE, 'tab-00000001', RECORD)
      await until(() => heard.length > 0)
      expect(JSON.parse(heard[0] as string)).toMatchObject({
        from: PROCESS_TOKEN,
        gone: false,
        viewer: { record: RECORD, name: 'Grace Hopper' },
      })

      // Another process says Ada has the record open. Its LISTEN opens on a connection of its own a
      // moment after the start, so the other process says it again until it is heard.
      const saidByAda = JSON.stringify({
        from: 'another-process',
        gone: false,
        viewer: {
          key: 'ada:tab-1',
          session: 'ada',
          userId: 'ada',
          name: 'Ada Lovelace',
          record: RECORD,
          ttlMs: 60_000,
        },
      })
      const end = Date.now() + 5_000
      while ((presence.map()[RECORD] ?? []).length < 2 && Date.now() < end) {
        await other.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, saidByAda])
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(presence.map()[RECORD]).toEqual([
        { id: 'grace', name: 'Grace Hopper' },
        { id: 'ada', name: 'Ada Lovelace' },
      ])
    } finally {
      await stop()
    }
  })
})
