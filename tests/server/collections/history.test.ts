/**
 * A record's history (docs/api.md, "History"): every write adds one entry in its own transaction,
 * with who, when, and each field's value before and after; a change queued on a device says when it
 * was made there; a replayed request adds nothing; bad requests are refused and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MADE_AT_HEADER } from '../../../src/domain/rest'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let sam: Api
let admin: Api

beforeAll(async () => {
  server = await startTestServer()
  sam = signedInApi(server, (await server.signIn({ firstName: 'Sam', lastName: 'Staff' })).cookie)
  admin = signedInApi(
    server,
    (await server.signIn({ firstName: 'Ada', lastName: 'Admin', role: 'admin' })).cookie,
  )
})
afterAll(() => server?.close())

const create = async (path: string, body: object) => (await sam('POST', `/api/${path}`, body)).json().doc
const historyOf = async (path: string, id: string) => (await sam('GET', `/api/${path}/${id}/history`)).json()

describe('the history of a record', () => {
  it('keeps each change, the latest first: who, when, and every field before and after', async () => {
    const contact = await create('contacts', { firstName: 'Grace', title: 'Ms' })
    await admin('PATCH', `/api/contacts/${contact.id}`, { title: 'Rear Admiral', phone: '555 0100' })
    await sam('DELETE', `/api/contacts/${contact.id}`)

    const history = await historyOf('contacts', contact.id)
    expect(history.totalDocs).toBe(3)
    const [deleted, updated, created] = history.docs
    expect(deleted).toMatchObject({ action: 'deleted', by: 'Sam Staff', version: 3, changes: null })
    expect(updated).toMatchObject({
      action: 'updated',
      by: 'Ada Admin',
      version: 2,
      madeAt: null,
      changes: { title: { from: 'Ms', to: 'Rear Admiral' }, phone: { from: null, to: '555 0100' } },
    })
    expect(Object.keys(updated.changes)).toHaveLength(2)
    expect(created).toMatchObject({
      action: 'created',
      by: 'Sam Staff',
      version: 1,
      changes: { firstName: { from: null, to: 'Grace' }, title: { from: null, to: 'Ms' } },
    })
    expect(Date.parse(created.at)).toBeLessThanOrEqual(Date.parse(updated.at))
  })

  it('says when a device made a change it sent later, never after it arrived', async () => {
    const company = await create('companies', { companyName: 'Harbour Lights' })
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString()
    await sam('PATCH', `/api/companies/${company.id}`, { address: 'Pier 4' }, { [MADE_AT_HEADER]: anHourAgo })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    await sam('PATCH', `/api/companies/${company.id}`, { address: 'Pier 5' }, { [MADE_AT_HEADER]: tomorrow })
    const [later, offline] = (await historyOf('companies', company.id)).docs
    expect(offline).toMatchObject({ madeAt: anHourAgo, changes: { address: { from: null, to: 'Pier 4' } } })
    expect(Date.parse(later.madeAt)).toBeLessThanOrEqual(Date.parse(later.at))
  })

  it('adds one entry for a change replayed after its answer was lost, and none for a change of nothing', async () => {
    const industry = await create('industries', { name: 'Tidal Energy' })
    const key = { 'idempotency-key': 'history-replay-1' }
    for (let attempt = 0; attempt < 2; attempt++)
      expect(
        (await sam('PATCH', `/api/industries/${industry.id}`, { name: 'Tidal Power' }, key)).statusCode,
      ).toBe(200)
    await sam('PATCH', `/api/industries/${industry.id}`, { name: 'Tidal Power' })
    const history = await historyOf('industries', industry.id)
    expect(history.docs.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created'])
  })

  it('keeps a description as its words', async () => {
    const product = await create('products', { name: 'Buoy', description: 'Floats.' })
    await sam('PATCH', `/api/products/${product.id}`, { description: 'Floats and blinks.' })
    const [updated] = (await historyOf('products', product.id)).docs
    expect(updated.changes).toEqual({ description: { from: 'Floats.', to: 'Floats and blinks.' } })
  })

  it("tells a contact's history that its company's delete cleared it, and its restore set it again", async () => {
    const company = await create('companies', { companyName: 'Orbit Works' })
    const contact = await create('contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: company.id },
    })
    await sam('DELETE', `/api/companies/${company.id}`)
    await admin('POST', `/api/companies/${company.id}/restore`)
    const [relinked, unlinked] = (await historyOf('contacts', contact.id)).docs
    expect(unlinked).toMatchObject({
      action: 'unlinked',
      by: 'Sam Staff',
      changes: { company: { from: company.id, to: null } },
    })
    expect(relinked).toMatchObject({
      action: 'relinked',
      by: 'Ada Admin',
      changes: { company: { from: null, to: company.id } },
    })
    const [restored] = (await historyOf('companies', company.id)).docs
    expect(restored).toMatchObject({ action: 'restored', by: 'Ada Admin' })
  })
})

describe('the history refuses', () => {
  it('an id of another collection, an unknown or malformed id, other parameters, and the signed out', async () => {
    const company = await create('companies', { companyName: 'Wrong Door' })
    const wrong = await sam('GET', `/api/contacts/${company.id}/history`)
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().errors[0].name).toBe('NotFound')
    expect((await sam('GET', '/api/contacts/00000000-0000-4000-8000-000000000000/history')).statusCode).toBe(
      404,
    )
    expect((await sam('GET', '/api/contacts/not-an-id/history')).statusCode).toBe(400)
    const query = await sam('GET', `/api/companies/${company.id}/history?sort=at`)
    expect(query.statusCode).toBe(400)
    expect(query.json().errors[0].name).toBe('QueryError')
    const signedOut = signedInApi(server, undefined)
    expect((await signedOut('GET', `/api/companies/${company.id}/history`)).statusCode).toBe(401)
  })

  it('a made-at time that is not one, and writes nothing', async () => {
    const contact = await create('contacts', { firstName: 'Alan' })
    for (const madeAt of ['yesterday', '2026-13-45T99:00:00Z', '1700000000000', '']) {
      const answer = await sam(
        'PATCH',
        `/api/contacts/${contact.id}`,
        { title: 'Dr' },
        { [MADE_AT_HEADER]: madeAt },
      )
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0]).toMatchObject({
        name: 'BadRequest',
        message: 'Outpost-Made-At must be a UTC time such as 2026-11-27T10:00:00.000Z.',
      })
    }
    expect((await sam('GET', `/api/contacts/${contact.id}`)).json()).toMatchObject({ version: 1, title: '' })
    expect((await historyOf('contacts', contact.id)).totalDocs).toBe(1)
  })
})
