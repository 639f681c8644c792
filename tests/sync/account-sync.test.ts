/**
 * One's own account (My Profile) on the device: read by each sync run, edited
 * offline through the outbox, its photo uploaded before the edit that points
 * at it, and a conflict with an Admin's change shown like any record's.
 * Against the real server app in-process (in-memory PGlite).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { attachImage } from '../../src/db/image-writes'
import { updateRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { resolveConflict } from '../../src/sync/resolve'
import { NetworkError, type Transport } from '../../src/transport/http'
import { startTestServer, type TestServer, type TestUser } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

/** A real, complete 1×1 PNG (the server re-encodes what it is sent). */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
)

let server: TestServer
let pat: TestUser
let adminCookie: string

// One server for the file (each start migrates a database); a fresh account for each test.
beforeAll(async () => {
  server = await startTestServer()
  adminCookie = (await server.signIn({ role: 'admin' })).cookie
}, 60_000)
afterAll(() => server.close())
beforeEach(async () => {
  pat = await server.createUser({ firstName: 'Pat', lastName: 'Smith' })
})

async function device(network = { offline: false }) {
  const online = injectTransport(server.app)
  const transport: Transport = (request) =>
    network.offline ? Promise.reject(new NetworkError('offline')) : online(request)
  const session = await signIn(pat.email, pat.password, { transport: online, storage: new MemoryStorage() })
  const db = new OutpostDb(`account-${crypto.randomUUID()}`)
  const notices: string[] = []
  const engine = new SyncEngine({ db, transport, userId: session.id, notify: (text) => notices.push(text) })
  return { db, engine, notices, writes: { db, userId: session.id } }
}

const onServer = async () =>
  (await server.request(adminCookie, { method: 'GET', url: `/api/users/${pat.id}` })).json()
const asAdmin = (patch: Record<string, unknown>) =>
  server.request(adminCookie, { method: 'PATCH', url: `/api/users/${pat.id}`, payload: patch })

describe("one's own account on the device", () => {
  it('is read by every sync run, and an Admin’s change reaches the device', async () => {
    const phone = await device()
    expect(await phone.engine.sync()).toBe('ok')
    expect(await phone.db.users.get(pat.id)).toMatchObject({ firstName: 'Pat', version: 1 })
    await asAdmin({ company: 'Outpost Ltd', role: 'admin' })
    await phone.engine.sync()
    expect(await phone.db.users.get(pat.id)).toMatchObject({
      company: 'Outpost Ltd',
      role: { id: 'admin', roleName: 'Admin' },
      version: 2,
    })
  })

  it('an edit made on the device goes up once, and the mirror takes the server’s answer', async () => {
    const phone = await device()
    await phone.engine.sync()
    const changed = await updateRecord(phone.writes, 'users', pat.id, {
      city: 'Leeds',
      aboutMe: 'Field engineer',
    })
    expect(changed).toEqual(['city', 'aboutMe'])
    expect(await phone.db.users.get(pat.id)).toMatchObject({ city: 'Leeds' })
    expect(await phone.engine.sync()).toBe('ok')
    expect(await phone.db.outbox.count()).toBe(0)
    expect(await onServer()).toMatchObject({ city: 'Leeds', aboutMe: 'Field engineer', version: 2 })
    expect(await phone.db.users.get(pat.id)).toMatchObject({ city: 'Leeds', version: 2 })
  })

  it('an edit of other fields than an Admin changed meanwhile merges silently', async () => {
    const phone = await device()
    await phone.engine.sync()
    await updateRecord(phone.writes, 'users', pat.id, { address: '1 Mill Lane' })
    await asAdmin({ company: 'Outpost Ltd' })
    expect(await phone.engine.sync()).toBe('ok')
    expect(await onServer()).toMatchObject({ address: '1 Mill Lane', company: 'Outpost Ltd' })
    expect(await phone.db.users.get(pat.id)).toMatchObject({ address: '1 Mill Lane', company: 'Outpost Ltd' })
    expect(phone.notices).toEqual([])
  })

  it('an edit of a field an Admin changed meanwhile is a conflict, kept on the device until resolved', async () => {
    const phone = await device()
    await phone.engine.sync()
    await updateRecord(phone.writes, 'users', pat.id, { lastName: 'Smythe' })
    await asAdmin({ lastName: 'Smithson' })
    await phone.engine.sync()
    const [op] = await phone.db.outbox.toArray()
    expect(op).toMatchObject({ collection: 'users', status: 'conflict', serverDoc: { lastName: 'Smithson' } })
    expect(phone.notices[0]).toMatch(/^Error while saving - .+ \(lastName\)$/)
    // The device keeps showing what its user typed; the server keeps the Admin's.
    expect(await phone.db.users.get(pat.id)).toMatchObject({ lastName: 'Smythe' })
    expect((await onServer()).lastName).toBe('Smithson')
    await resolveConflict(phone.db, op as never, { lastName: 'mine' })
    expect(await phone.engine.sync()).toBe('ok')
    expect((await onServer()).lastName).toBe('Smythe')
    expect(await phone.db.outbox.count()).toBe(0)
  })

  it('a photo chosen offline is uploaded first, then set, and named as the server named it', async () => {
    const network = { offline: false }
    const phone = await device(network)
    await phone.engine.sync()
    network.offline = true
    const photo = new Blob([ONE_PIXEL_PNG], { type: 'image/png' })
    const imageId = await attachImage(phone.writes, 'users', pat.id, photo, 'me.png')
    expect(await phone.db.images.get(imageId)).toMatchObject({ kind: 'user-image', filename: 'me.png' })
    expect(await phone.engine.sync()).toBe('offline')
    expect(await phone.db.outbox.count()).toBe(2)
    network.offline = false
    expect(await phone.engine.sync()).toBe('ok')
    expect(await phone.db.outbox.count()).toBe(0)
    const saved = await onServer()
    expect(saved.userImage?.id).toBe(imageId)
    expect((await phone.db.users.get(pat.id))?.userImage).toEqual(saved.userImage)
  })
})
