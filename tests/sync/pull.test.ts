import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_CHANGES_LIMIT } from '../../server/collections/changes'
import { META, readMeta } from '../../src/db/meta'
import { unpackBehind } from '../../src/db/packs'
import { createRecord, updateRecord } from '../../src/db/record-writes'
import { SyncEngine } from '../../src/sync/engine'
import { refreshListPage } from '../../src/sync/list-page'
import { FIRST_PAGE_SIZE, PULL_PAGE_SIZE, pull } from '../../src/sync/pull'
import { type SyncState, SyncStatus } from '../../src/sync/status'
import { json, scripted } from './fake-server'

let env: ReturnType<typeof scripted>
beforeEach(() => {
  env = scripted()
  // Each pull first reads the user's own account (pull-account.ts, tested in account-sync.test.ts);
  // here the server has none to give, and the scripts answer the feed and the list pages.
  const scriptedTransport = env.ctx.transport
  env.ctx.transport = async (request) =>
    request.path.startsWith('users/') ? json(404, {}) : scriptedTransport(request)
})
afterEach(() => env.db.delete())

const contact = (id: string, version: number, extra: Record<string, unknown> = {}) => ({
  collection: 'contacts',
  id,
  version,
  seq: version,
  deleted: false,
  doc: { id, version, firstName: id, lastName: 'L', ...extra },
})

describe('pull', () => {
  it('applies pages in order, keeps the cursor, and reports hydrate progress', async () => {
    const pages = [
      { changes: [contact('a', 1), contact('b', 1)], cursor: '2', hasMore: true },
      {
        changes: [{ collection: 'contacts', id: 'a', version: 2, seq: 3, deleted: true, doc: null }],
        cursor: '3',
        hasMore: false,
      },
    ]
    env.state.answer = () => json(200, pages.shift())
    const status = new SyncStatus()
    const seen: unknown[] = []
    status.subscribe(() => seen.push(status.get().hydrate))
    expect(await pull(env.ctx, status)).toBe('ok')
    // A first sync's rows wait in packs until the engine moves them into their tables (src/db/packs.ts).
    await unpackBehind(env.db)
    const feed = env.state.sent.filter((request) => request.path === 'sync/changes')
    expect(feed.map((request) => request.query?.since)).toEqual(['0', '2'])
    // A small first page, so a first sync's list shows rows at once; then pages as large as the server gives.
    expect(feed.map((request) => request.query?.limit)).toEqual([FIRST_PAGE_SIZE, PULL_PAGE_SIZE])
    expect(PULL_PAGE_SIZE).toBe(MAX_CHANGES_LIMIT)
    expect(await env.db.contacts.toCollection().primaryKeys()).toEqual(['b'])
    expect(await readMeta(env.db, META.cursor, '0')).toBe('3')
    expect(seen).toContainEqual({ done: 2, total: null })
    expect(status.get().hydrate).toBeNull()
  })

  it("asks the feed's first page beside one's own account, and takes nothing from it when the session has ended", async () => {
    env.ctx.transport = async (request) => {
      env.state.sent.push(request)
      // The feed still answers (its request went first), the account says the session is gone.
      if (request.path.startsWith('users/')) return json(401, {})
      return json(200, { changes: [contact('late', 1)], cursor: '9', hasMore: false, total: 1 })
    }
    expect(await pull(env.ctx)).toBe('auth')
    expect(env.state.sent.map((request) => request.path).sort()).toEqual(['sync/changes', 'users/u1'])
    expect(await env.db.contacts.get('late')).toBeUndefined()
    expect(await readMeta(env.db, META.cursor, '0')).toBe('0')
  })

  it('shows server changes under the user’s queued edit', async () => {
    await env.db.contacts.put({ id: 'a', version: 1, firstName: 'a', title: '' } as never)
    await updateRecord(env.writes, 'contacts', 'a', { title: 'Dr' })
    env.state.answer = () =>
      json(200, { changes: [contact('a', 2, { lastName: 'New' })], cursor: '5', hasMore: false })
    await pull(env.ctx)
    expect(await env.db.contacts.get('a')).toMatchObject({ version: 2, lastName: 'New', title: 'Dr' })
  })

  it("shows the server's doc, not a sent create's first values, when the create's answer was lost", async () => {
    // Made here and sent; the server took it but its answer never came back, so the create is still queued.
    const id = await createRecord(env.writes, 'contacts', { firstName: 'a', lastName: 'L', title: '' })
    await env.db.outbox.where('recordId').equals(id).modify({ attempts: 1 })
    // Meanwhile a colleague changed the title: the feed brings version 2.
    env.state.answer = () =>
      json(200, { changes: [contact(id, 2, { title: 'Colleague' })], cursor: '5', hasMore: false })
    await pull(env.ctx)
    expect(await env.db.contacts.get(id)).toMatchObject({ version: 2, title: 'Colleague' })
    // An edit made on that view builds on what the server has, so it cannot undo the colleague's change unseen.
    await updateRecord(env.writes, 'contacts', id, { phone: '0161' })
    const update = (await env.db.outbox.toArray()).find((op) => op.kind === 'update')
    expect(update).toMatchObject({ baseVersion: 2, patch: { phone: '0161' } })
    expect((await env.db.contacts.get(id))?.title).toBe('Colleague')
  })

  it('resyncs from the start after 410, keeping rows with queued work', async () => {
    await env.db.contacts.bulkPut([
      { id: 'gone', version: 1, firstName: 'gone' },
      { id: 'mine', version: 1, firstName: 'mine', title: '' },
    ] as never)
    await updateRecord(env.writes, 'contacts', 'mine', { title: 'Dr' })
    await env.db.meta.put({ key: META.cursor, value: '40' })
    const answers = [
      json(410, { errors: [{ name: 'ResyncRequired', title: 'Resync', message: 'Resync' }], resync: true }),
      json(200, { changes: [contact('kept', 1)], cursor: '90', hasMore: false }),
    ]
    env.state.answer = () => answers.shift() ?? json(500, {})
    expect(await pull(env.ctx)).toBe('ok')
    await unpackBehind(env.db)
    expect((await env.db.contacts.toCollection().primaryKeys()).sort()).toEqual(['kept', 'mine'])
    expect(await env.db.contacts.get('mine')).toMatchObject({ title: 'Dr' })
    expect(await env.db.outbox.count()).toBe(1)
    // Read again from the start, the mirror holds all the server has: a list page may not bring back a deletion.
    expect(await readMeta(env.db, META.hydrated, false)).toBe(true)
  })

  it("does not write again the version this run's push settled (the echo), but writes a newer one", async () => {
    await env.db.contacts.bulkPut([
      { id: 'mine', version: 3, firstName: 'mine', lastName: 'Settled' },
      { id: 'theirs', version: 3, firstName: 'theirs', lastName: 'Settled' },
    ] as never)
    env.ctx.settled = new Map([
      ['contacts:mine', 3],
      ['contacts:theirs', 3],
    ])
    env.state.answer = () =>
      json(200, {
        changes: [contact('mine', 3, { lastName: 'Echo' }), contact('theirs', 4, { lastName: 'Newer' })],
        cursor: '9',
        hasMore: false,
      })
    expect(await pull(env.ctx)).toBe('ok')
    expect(await env.db.contacts.get('mine')).toMatchObject({ lastName: 'Settled' })
    expect(await env.db.contacts.get('theirs')).toMatchObject({ version: 4, lastName: 'Newer' })
    expect(await readMeta(env.db, META.cursor, '0')).toBe('9')
  })

  it('writes a settled record again after a resync emptied the mirror', async () => {
    await env.db.contacts.put({ id: 'mine', version: 3, firstName: 'mine' } as never)
    await env.db.meta.put({ key: META.cursor, value: '40' })
    env.ctx.settled = new Map([['contacts:mine', 3]])
    const answers = [
      json(410, { errors: [{ name: 'ResyncRequired', title: 'Resync', message: 'Resync' }], resync: true }),
      json(200, { changes: [contact('mine', 3)], cursor: '90', hasMore: false }),
    ]
    env.state.answer = () => answers.shift() ?? json(500, {})
    expect(await pull(env.ctx)).toBe('ok')
    expect(await env.db.contacts.get('mine')).toMatchObject({ version: 3 })
  })

  it('finishes a first download cut off after a page: the next run carries on and marks the mirror complete', async () => {
    const first = { changes: [contact('a', 1), contact('b', 2)], cursor: '2', hasMore: true }
    const rest = { changes: [contact('c', 3)], cursor: '3', hasMore: false }
    const answers: Array<ReturnType<typeof json> | 'network'> = [json(200, first), 'network']
    env.state.answer = () => answers.shift() ?? json(500, {})
    expect(await pull(env.ctx)).toBe('offline')
    expect(await readMeta(env.db, META.cursor, '0')).toBe('2')
    expect(await readMeta(env.db, META.hydrated, false)).toBe(false)

    env.state.answer = () => json(200, rest)
    const status = new SyncStatus()
    const seen: unknown[] = []
    status.subscribe(() => seen.push(status.get().hydrate))
    expect(await pull(env.ctx, status)).toBe('ok')
    expect(seen).toContainEqual({ done: 1, total: null })
    expect(await readMeta(env.db, META.hydrated, false)).toBe(true)
    expect(await env.db.contacts.count()).toBe(3)
  })

  it('a new engine on a mirror still filling reports the download from its first report to the end', async () => {
    // As a sync worker started by a reload in the middle of a first download: its reports replace
    // its page's whole state, so one without the download made the list give its rows as a total.
    const first = { changes: [contact('a', 1)], cursor: '1', hasMore: true }
    const answers: Array<ReturnType<typeof json> | 'network'> = [json(200, first), 'network']
    env.state.answer = () => answers.shift() ?? json(500, {})
    expect(await pull(env.ctx)).toBe('offline')

    const rest = { changes: [contact('b', 2)], cursor: '2', hasMore: false }
    env.state.answer = () => json(200, rest)
    const engine = new SyncEngine({ db: env.db, transport: env.ctx.transport, userId: env.ctx.userId })
    const reports: SyncState[] = []
    engine.status.subscribe(() => reports.push(engine.status.get()))
    expect(await engine.sync()).toBe('ok')
    expect(reports[0]).toMatchObject({ activity: 'syncing', hydrate: { done: 0, total: null } })
    const ended = reports.findIndex((report) => report.hydrate === null)
    expect(ended, JSON.stringify(reports)).toBeGreaterThan(0)
    expect(reports.slice(ended).every((report) => report.hydrate === null)).toBe(true)
    expect(reports.at(-1)?.activity).toBe('idle')
  })

  it('stops without losing its place when the network goes', async () => {
    await env.db.meta.put({ key: META.cursor, value: '7' })
    env.state.answer = () => 'network'
    expect(await pull(env.ctx)).toBe('offline')
    expect(await readMeta(env.db, META.cursor, '0')).toBe('7')
  })
})

describe('pull and unresolved problems', () => {
  const conflictOp = (serverDoc: Record<string, unknown>) => ({
    opId: 'op-1',
    userId: 'u1',
    collection: 'contacts' as const,
    recordId: 'a',
    kind: 'update' as const,
    patch: { title: 'Dr' },
    base: { title: '' },
    baseVersion: 1,
    deps: [],
    status: 'conflict' as const,
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 0,
    serverDoc,
  })

  it('keeps a conflict’s server copy current, so taking theirs never goes back in time', async () => {
    await env.db.contacts.put({ id: 'a', version: 1, firstName: 'a', title: 'Dr' } as never)
    await env.db.outbox.add(conflictOp({ id: 'a', version: 2, title: 'Prof' }))
    env.state.answer = () =>
      json(200, {
        changes: [contact('a', 3, { title: 'Prof', email: 'new@x.example' })],
        cursor: '3',
        hasMore: false,
      })
    await pull(env.ctx)
    const [op] = await env.db.outbox.toArray()
    expect(op?.serverDoc).toMatchObject({ version: 3, email: 'new@x.example' })
  })

  it('reports a deletion at once when the record only has a conflict waiting', async () => {
    await env.db.contacts.put({ id: 'a', version: 1, firstName: 'Ada', lastName: 'L', title: 'Dr' } as never)
    await env.db.outbox.add(conflictOp({ id: 'a', version: 2, title: 'Prof' }))
    env.state.answer = () =>
      json(200, {
        changes: [{ collection: 'contacts', id: 'a', version: 3, seq: 3, deleted: true, doc: null }],
        cursor: '3',
        hasMore: false,
      })
    await pull(env.ctx)
    expect(await env.db.contacts.get('a')).toBeUndefined()
    expect(await env.db.outbox.count()).toBe(0)
    expect(await env.db.notices.toArray()).toMatchObject([{ recordId: 'a', lost: { title: 'Dr' } }])
    expect(env.state.notices[0]).toContain('was deleted by someone else')
  })
})

describe('list pages from the server', () => {
  it('never brings back a record the feed has deleted, once the mirror is complete', async () => {
    await env.db.meta.put({ key: META.hydrated, value: true })
    env.state.answer = () => json(200, { docs: [contact('gone', 1).doc], totalDocs: 1, limit: 10, page: 1 })
    await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: '' })
    expect(await env.db.contacts.get('gone')).toBeUndefined()
  })

  it('asks by the one search rule (where[search][like]) and upserts the page, never going back a version', async () => {
    await env.db.contacts.put({ id: 'a', version: 9, firstName: 'Newer' } as never)
    env.state.answer = () =>
      json(200, { docs: [contact('a', 3).doc, contact('b', 1).doc], totalDocs: 42, limit: 10, page: 2 })
    const total = await refreshListPage(env.ctx, 'contacts', {
      page: 2,
      perPage: 10,
      search: ' Søren 020 7946 ',
    })
    expect(total).toBe(42)
    // As typed (trimmed): the server folds it and reads its numbers as the device does.
    expect(env.state.sent[0]?.query).toEqual({
      where: { search: { like: 'Søren 020 7946' } },
      page: { number: 2, size: 10 },
      sort: undefined,
    })
    // More words than the server takes: the first 8 go.
    await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: 'a b c d e f g h i j' })
    expect(env.state.sent[1]?.query).toMatchObject({ where: { search: { like: 'a b c d e f g h' } } })
    expect(await env.db.contacts.get('a')).toMatchObject({ version: 9, firstName: 'Newer' })
    expect(await env.db.contacts.get('b')).toMatchObject({ version: 1 })
  })

  it('answers null when offline', async () => {
    env.state.answer = () => 'network'
    expect(await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: '' })).toBeNull()
  })
})
