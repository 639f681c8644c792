/**
 * The Trash (docs/api.md, "Trash and restore"): an Admin lists a collection's
 * deleted records with who deleted them, and restores one. The restore is a
 * new version in the change feed, links again what the delete unlinked where
 * nobody has linked it elsewhere since, and bad requests change nothing.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeTombstones } from '../../../server/maintenance'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let admin: Api
let staff: Api

beforeAll(async () => {
  server = await startTestServer({ trashDays: 30 })
  admin = signedInApi(
    server,
    (await server.signIn({ firstName: 'Ada', lastName: 'Admin', role: 'admin' })).cookie,
  )
  staff = signedInApi(server, (await server.signIn({ firstName: 'Sam', lastName: 'Staff' })).cookie)
})
afterAll(() => server?.close())

const create = async (api: Api, path: string, body: object) =>
  (await api('POST', `/api/${path}`, body)).json().doc
const companyOf = async (id: string) =>
  (await admin('GET', `/api/contacts/${id}`)).json().company?.value ?? null
const feedSince = async (since: number) =>
  (await admin('GET', `/api/sync/changes?since=${since}&limit=1000`)).json()

describe('the Trash', () => {
  it('lists a deleted record with who deleted it, and a restore brings it back with its contacts', async () => {
    const company = await create(staff, 'companies', { companyName: 'Orbit Works' })
    const link = { relationTo: 'companies', value: company.id }
    const kept = await create(staff, 'contacts', { firstName: 'Kept', company: link })
    const movedOn = await create(staff, 'contacts', { firstName: 'Moved', company: link })
    const gone = await create(staff, 'contacts', { firstName: 'Gone', company: link })

    expect((await staff('DELETE', `/api/companies/${company.id}`)).statusCode).toBe(200)
    expect(await companyOf(kept.id)).toBeNull()
    // Since the delete: one contact is linked to another company, another is deleted.
    const other = await create(staff, 'companies', { companyName: 'Elsewhere Ltd' })
    await staff('PATCH', `/api/contacts/${movedOn.id}`, {
      company: { relationTo: 'companies', value: other.id },
    })
    await staff('DELETE', `/api/contacts/${gone.id}`)

    const trash = (await admin('GET', '/api/companies/trash')).json()
    const entry = trash.docs.find((item: { doc: { id: string } }) => item.doc.id === company.id)
    expect(entry).toMatchObject({ doc: { companyName: 'Orbit Works' }, deletedBy: 'Sam Staff' })
    const days = (Date.parse(entry.leavesTrashAt) - Date.parse(entry.deletedAt)) / 86_400_000
    expect(days).toBe(30)

    const { cursor } = await feedSince(0)
    const restored = await admin('POST', `/api/companies/${company.id}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({
      message: 'Restored successfully.',
      doc: { companyName: 'Orbit Works' },
    })
    expect(restored.headers.etag).toBe(`"${restored.json().doc.version}"`)
    expect((await admin('GET', `/api/companies/${company.id}`)).statusCode).toBe(200)

    expect(await companyOf(kept.id)).toBe(company.id)
    expect(await companyOf(movedOn.id)).toBe(other.id)
    expect((await admin('GET', `/api/contacts/${gone.id}`)).statusCode).toBe(410)

    // Every device hears it: the company live again, and the contact linked again, after its cursor.
    const changes = (await feedSince(Number(cursor))).changes as { id: string; deleted: boolean }[]
    expect(changes.find((change) => change.id === company.id)).toMatchObject({ deleted: false })
    expect(changes.some((change) => change.id === kept.id)).toBe(true)
    expect(changes.some((change) => change.id === movedOn.id)).toBe(false)

    const after = (await admin('GET', '/api/companies/trash')).json()
    expect(after.docs.some((item: { doc: { id: string } }) => item.doc.id === company.id)).toBe(false)
  })

  it('restores a contact with its company when that company is still there', async () => {
    const company = await create(staff, 'companies', { companyName: 'Still Here' })
    const link = { relationTo: 'companies', value: company.id }
    const contact = await create(staff, 'contacts', { firstName: 'Back', company: link })
    await staff('DELETE', `/api/contacts/${contact.id}`)
    const restored = await admin('POST', `/api/contacts/${contact.id}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json().doc.company).toMatchObject(link)
    expect(await companyOf(contact.id)).toBe(company.id)
  })

  it('restores a contact without a company that has been deleted since', async () => {
    const company = await create(staff, 'companies', { companyName: 'Short Lived' })
    const contact = await create(staff, 'contacts', {
      firstName: 'Lone',
      company: { relationTo: 'companies', value: company.id },
    })
    await staff('DELETE', `/api/contacts/${contact.id}`)
    await staff('DELETE', `/api/companies/${company.id}`)
    const restored = await admin('POST', `/api/contacts/${contact.id}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json().doc.company).toBeNull()
  })

  it('answers a replayed restore once, and records it once', async () => {
    const product = await create(staff, 'products', { name: 'Replayed Widget' })
    await staff('DELETE', `/api/products/${product.id}`)
    const key = { 'idempotency-key': 'restore-once-1' }
    const first = await admin('POST', `/api/products/${product.id}/restore`, undefined, key)
    const again = await admin('POST', `/api/products/${product.id}/restore`, undefined, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().doc.version).toBe(first.json().doc.version)
    const rows = await server.db.execute(
      sql`select action from record_history where record_id = ${product.id} order by seq`,
    )
    expect((rows as unknown as { rows: { action: string }[] }).rows.map((row) => row.action)).toEqual([
      'created',
      'deleted',
      'restored',
    ])
  })

  it('keeps a record only for the days it is configured to', async () => {
    const industry = await create(staff, 'industries', { name: 'Long Gone' })
    await staff('DELETE', `/api/industries/${industry.id}`)
    await server.db.execute(
      sql`update industries set deleted_at = now() - interval '31 days' where id = ${industry.id}`,
    )
    const trash = (await admin('GET', '/api/industries/trash')).json()
    expect(trash.docs.some((item: { doc: { id: string } }) => item.doc.id === industry.id)).toBe(false)
    expect((await admin('POST', `/api/industries/${industry.id}/restore`)).statusCode).toBe(404)
    expect((await admin('GET', `/api/industries/${industry.id}`)).statusCode).toBe(410)

    // Its tombstone's purge takes its history with it.
    expect(await purgeTombstones(server.db, 30)).toBeGreaterThan(0)
    const history = await server.db.execute(
      sql`select 1 from record_history where record_id = ${industry.id}`,
    )
    expect((history as unknown as { rows: unknown[] }).rows).toHaveLength(0)
  })
})

describe('a Trash configured for fewer days (TRASH_DAYS)', () => {
  it('lists and restores for those days only, and says until when', async () => {
    const short = await startTestServer({ trashDays: 7 })
    try {
      const api = signedInApi(
        short,
        (await short.signIn({ firstName: 'Ada', lastName: 'Admin', role: 'admin' })).cookie,
      )
      const kept = (await api('POST', '/api/industries', { name: 'Six Days Ago' })).json().doc
      const gone = (await api('POST', '/api/industries', { name: 'Eight Days Ago' })).json().doc
      for (const [doc, days] of [
        [kept, 6],
        [gone, 8],
      ] as const) {
        expect((await api('DELETE', `/api/industries/${doc.id}`)).statusCode).toBe(200)
        await short.db.execute(
          sql`update industries set deleted_at = now() - make_interval(days => ${days}) where id = ${doc.id}`,
        )
      }
      const trash = (await api('GET', '/api/industries/trash')).json()
      expect(trash.docs.map((item: { doc: { id: string } }) => item.doc.id)).toEqual([kept.id])
      const [entry] = trash.docs
      expect((Date.parse(entry.leavesTrashAt) - Date.parse(entry.deletedAt)) / 86_400_000).toBe(7)
      expect((await api('POST', `/api/industries/${gone.id}/restore`)).statusCode).toBe(404)
      expect((await api('GET', `/api/industries/${gone.id}`)).statusCode).toBe(410)
      expect((await api('POST', `/api/industries/${kept.id}/restore`)).statusCode).toBe(200)
      expect((await api('GET', `/api/industries/${kept.id}`)).statusCode).toBe(200)
    } finally {
      await short.close()
    }
  })
})

describe('the Trash refuses', () => {
  it('staff who are not Admins', async () => {
    const service = await create(staff, 'services', { name: 'Not Yours' })
    await staff('DELETE', `/api/services/${service.id}`)
    expect((await staff('GET', '/api/services/trash')).statusCode).toBe(403)
    const restore = await staff('POST', `/api/services/${service.id}/restore`)
    expect(restore.statusCode).toBe(403)
    expect(restore.json().errors[0].name).toBe('Forbidden')
    expect((await admin('GET', `/api/services/${service.id}`)).statusCode).toBe(410)
  })

  it('a restore of a record that was never deleted, and changes nothing', async () => {
    const contact = await create(staff, 'contacts', { firstName: 'Alive' })
    const restore = await admin('POST', `/api/contacts/${contact.id}/restore`)
    expect(restore.statusCode).toBe(400)
    expect(restore.json().errors[0]).toMatchObject({
      name: 'BadRequest',
      message: 'This contact is not deleted, so there is nothing to restore.',
    })
    expect((await admin('GET', `/api/contacts/${contact.id}`)).json().version).toBe(contact.version)
  })

  it('an unknown or malformed id, an id of another collection, and unknown parameters', async () => {
    expect(
      (await admin('POST', '/api/contacts/00000000-0000-4000-8000-000000000000/restore')).statusCode,
    ).toBe(404)
    expect((await admin('POST', '/api/contacts/not-an-id/restore')).statusCode).toBe(400)
    const company = await create(staff, 'companies', { companyName: 'Wrong Door' })
    await staff('DELETE', `/api/companies/${company.id}`)
    expect((await admin('POST', `/api/contacts/${company.id}/restore`)).statusCode).toBe(404)
    expect((await admin('GET', `/api/companies/${company.id}`)).statusCode).toBe(410)
    const query = await admin('GET', '/api/contacts/trash?where[firstName][equals]=x')
    expect(query.statusCode).toBe(400)
    expect(query.json().errors[0].name).toBe('QueryError')
    expect((await admin('GET', '/api/contacts/trash?limit=0')).statusCode).toBe(400)
  })
})
