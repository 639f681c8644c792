/**
 * The app as the tests see it: the real route tree on a memory history, with a
 * hand-built runtime over a fresh fake-indexeddb database and no network.
 */

import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { type Mock, vi } from 'vitest'
import { createAppRouter } from '../../src/app/router'
import type { AppRouterContext } from '../../src/app/router-context'
import { OutpostDb } from '../../src/db/database'
import { type Contact, type ContactFields, contactFields } from '../../src/domain/contact'
import { emptyValues } from '../../src/domain/fields'
import type { HistoryEntry } from '../../src/domain/history'
import { signIn, signOut } from '../../src/session/sign-in'
import { AUTH_KEYS, type SessionUser } from '../../src/session/stored-user'
import type { SyncEngine } from '../../src/sync/engine'
import { historyCalls } from '../../src/sync/history-calls'
import { mergeCalls } from '../../src/sync/merge-calls'
import { mutators } from '../../src/sync/mutators'
import { PresenceBoard } from '../../src/sync/presence-board'
import { discardChange } from '../../src/sync/resolve'
import type { SyncRuntime } from '../../src/sync/runtime'
import { SyncStatus } from '../../src/sync/status'
import { trashCalls } from '../../src/sync/trash-calls'
import { userCalls } from '../../src/sync/user-calls'
import type { ApiRequest, ApiResponse, Transport } from '../../src/transport/http'

export const testUser: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'User',
  image: null,
}

/** What login stores, as if the user had signed in earlier. */
export function storeSession(user: SessionUser = testUser) {
  localStorage.setItem(AUTH_KEYS.id, user.id)
  localStorage.setItem(AUTH_KEYS.role, user.role)
  localStorage.setItem(AUTH_KEYS.profile, JSON.stringify(user))
}

/** A transport that fails the test if anything reaches for the network, unless given answers. */
export function fakeTransport(answer?: (path: string) => ApiResponse) {
  return vi.fn<Transport>(async (request) => {
    if (!answer) throw new Error(`Unexpected network call: ${request.method} ${request.path}`)
    return answer(request.path)
  })
}

/** A server holding `entries` as the history of contact `id` (whatever they are when asked), and nothing else. */
export function contactHistoryServer(id: string, entries: HistoryEntry[]) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    if (request.path === `contacts/${id}/history`)
      return {
        status: 200,
        headers: {},
        body: { docs: [...entries], totalDocs: entries.length, limit: 20, page: 1, totalPages: 1 },
      }
    return { status: 200, headers: {}, body: { docs: [], totalDocs: 0, limit: 10, page: 1, totalPages: 0 } }
  }
}

/** A runtime whose sync never runs; `afterWrite` and `afterRestore` count the nudges a write, or a restore or merge, gives it. */
export type TestRuntime = SyncRuntime & { afterWrite: Mock; afterRestore: Mock }

export function makeRuntime(
  user: SessionUser = testUser,
  transport: Transport = fakeTransport(() => ({ status: 200, headers: {}, body: {} })),
): TestRuntime {
  const db = new OutpostDb(`test-${crypto.randomUUID()}`)
  // The screens read the engine's status and ask it for server pages; a discard runs on its context
  // (and reads the server's copy through `transport`). Nothing here syncs.
  const ctx = { db, transport, userId: user.id, now: Date.now, random: Math.random, notify: () => {} }
  const engine = {
    status: new SyncStatus(),
    refreshPage: async () => null,
    ctx,
  } as unknown as SyncEngine
  const users = userCalls(transport)
  const afterWrite = vi.fn()
  const afterRestore = vi.fn()
  return {
    user,
    db,
    engine,
    startSync: () => {},
    signOut: () => signOut({ transport }),
    users,
    trash: trashCalls(transport, afterRestore),
    history: historyCalls(transport, db),
    merge: mergeCalls(transport, afterRestore),
    afterRestore,
    mutate: mutators({
      writes: { db, userId: user.id },
      users,
      discard: (op) => discardChange(engine.ctx, op),
      afterWrite,
    }),
    afterWrite,
    // Its own network: a screen's word about the record it has open is not what the tests' transports check.
    presence: new PresenceBoard(user.id, async () => ({ status: 204, headers: {}, body: null })),
    stop: () => {},
  }
}

export function renderApp(
  path: string,
  options: { runtime?: SyncRuntime; transport?: Transport; context?: Partial<AppRouterContext> } = {},
) {
  const history = createMemoryHistory({ initialEntries: [path] })
  const runtime = options.runtime ?? makeRuntime()
  const router = createAppRouter({
    history,
    context: {
      startRuntime: () => runtime,
      signIn: (email: string, password: string) =>
        signIn(email, password, { transport: options.transport ?? fakeTransport() }),
      ...options.context,
    },
  })
  const view = render(<RouterProvider router={router} />)
  return { ...view, router, runtime, history }
}

export const currentPath = (router: ReturnType<typeof createAppRouter>) => router.state.location.pathname

/** Contacts as the server would have sent them: `Person 01` … `Person N`, sorted by last name. */
export function seedContacts(db: OutpostDb, count: number) {
  const stamp = new Date(2024, 0, 1).toISOString()
  const contacts: Contact[] = Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(2, '0')
    return {
      ...(emptyValues(contactFields) as ContactFields),
      id: `00000000-0000-4000-8000-0000000000${n}`,
      firstName: `First${n}`,
      lastName: `Person ${n}`,
      title: index % 2 ? 'Engineer' : 'Planner',
      department: '',
      email: index === 0 ? '' : `person${n}@example.com`,
      phone: `+44 20 7946 00${n}`,
      mobile: '',
      company: null,
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    }
  })
  return db.contacts.bulkAdd(contacts)
}
