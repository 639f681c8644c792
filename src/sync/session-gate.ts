/**
 * Nothing leaves the device under a session the server has not confirmed.
 * After a sign-in with no network (src/session/offline-session.ts) the cookie
 * may belong to nobody, or to whoever used this browser before; every request
 * of the runtime, and every sync run (the page's or the worker's), first
 * waits for the session to be renewed. A refused password signs the device
 * out at once; a reload that lost the typed password locks the app, and the
 * lock screen renews the session with the password typed there.
 */
import { messages } from '../domain/errors'
import { lock } from '../session/lock'
import { endRefusedSession, renewSession } from '../session/offline-session'
import type { SessionUser } from '../session/stored-user'
import { NetworkError, type Transport } from '../transport/http'
import type { RunResult } from './engine'
import type { SyncRunner } from './scheduler'
import type { SyncStatus } from './status'

type GateResult = 'ok' | 'offline' | 'auth'

/** What the server says to a request with no session: the sync layer already knows what it means (answers.ts). */
const NO_SESSION = {
  status: 401,
  headers: {},
  body: { errors: [{ name: 'AuthenticationError', title: 'Unauthorized', message: messages.signedOut }] },
}

export function sessionGate(user: SessionUser, transport: Transport, storage: Storage = localStorage) {
  let renewing: Promise<GateResult> | null = null

  const renew = async (): Promise<GateResult> => {
    const renewal = await renewSession(transport, user, storage)
    if (renewal === 'ok' || renewal === 'offline') return renewal
    if (renewal === 'refused') endRefusedSession(user.id, storage)
    else lock(user.id, storage)
    return 'auth'
  }

  /** One renewal at a time, however many requests wait on it. */
  const ready = (): Promise<GateResult> => {
    renewing ??= renew().finally(() => {
      renewing = null
    })
    return renewing
  }

  return {
    transport: (async (request) => {
      const found = await ready()
      if (found === 'ok') return transport(request)
      if (found === 'offline') throw new NetworkError('The session is not renewed yet: no network.')
      return NO_SESSION
    }) satisfies Transport,

    /** Whether the session is confirmed (renewed first if need be): the feed stream opens only then. */
    confirmed: async () => (await ready()) === 'ok',

    /** The scheduler's runner behind the gate; `status` shows why a run did not happen. */
    runner: (inner: SyncRunner, status: SyncStatus): SyncRunner => ({
      sync: async (): Promise<RunResult> => {
        const found = await ready()
        if (found === 'ok') return inner.sync()
        status.set({ activity: found === 'offline' ? 'offline' : 'signed-out' })
        return found
      },
    }),
  }
}
