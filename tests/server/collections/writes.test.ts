import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contacts } from '../../../server/db/schema'
import { messages } from '../../../src/domain/errors'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
/** Calls as one user, and as another. */
let api: Api
let otherApi: Api

beforeAll(async () => {
  server = await startTestServer()
  api = signedInApi(server, (await server.signIn()).cookie)
  otherApi = signedInApi(server, (await server.signIn()).cookie)
})
afterAll(() => server?.close())

async function newContact(fields: Record<string, unknown> = {}) {
  const response = await api('POST', '/api/contacts', {
    firstName: 'Base',
    email: 'base@example.com',
    ...fields,
  })
  return response.json().doc as Record<string, unknown> & { id: string; version: number }
}

describe('versions and conflicts', () => {
  it('applies an update whose If-Match is current', async () => {
    const doc = await newContact()
    const response = await api('PATCH', `/api/contacts/${doc.id}`, { title: 'CTO' }, { 'if-match': '"1"' })
    expect(response.statusCode).toBe(200)
    expect(response.json().doc.version).toBe(2)
  })

  it('answers 412 with the current doc when If-Match is stale and the field moved on', async () => {
    const doc = await newContact({ title: 'Engineer' })
    await otherApi('PATCH', `/api/contacts/${doc.id}`, { title: 'Lead Engineer' })
    const stale = await api(
      'PATCH',
      `/api/contacts/${doc.id}`,
      { title: 'Principal Engineer', _base: { title: 'Engineer' } },
      { 'if-match': '"1"' },
    )
    expect(stale.statusCode).toBe(412)
    const body = stale.json()
    expect(body.errors).toEqual([
      {
        name: 'ConflictError',
        title: messages.stale,
        message: messages.stale,
        data: [{ field: 'title', message: messages.stale }],
      },
    ])
    expect(body.doc).toMatchObject({ id: doc.id, title: 'Lead Engineer', version: 2 })
    expect(stale.headers.etag).toBe('"2"')
    // Nothing was written.
    expect((await api('GET', `/api/contacts/${doc.id}`)).json()).toMatchObject({
      title: 'Lead Engineer',
      version: 2,
    })
  })

  it('answers 412 to a stale If-Match without _base', async () => {
    const doc = await newContact()
    await api('PATCH', `/api/contacts/${doc.id}`, { phone: '1' })
    const stale = await api('PATCH', `/api/contacts/${doc.id}`, { mobile: '2' }, { 'if-match': '"1"' })
    expect(stale.statusCode).toBe(412)
    expect(stale.json().errors[0].data).toEqual([{ field: 'mobile', message: messages.stale }])
  })

  it('merges a stale update when every patched field still equals its base (field-level merge)', async () => {
    const company = (await api('POST', '/api/companies', { companyName: 'Merge Works' })).json().doc.id
    const doc = await newContact({ title: 'Engineer', company })
    // Someone else changes a different field: version 2.
    await otherApi('PATCH', `/api/contacts/${doc.id}`, { phone: '+1 555 0100' })
    const merged = await api(
      'PATCH',
      `/api/contacts/${doc.id}`,
      {
        title: 'Principal Engineer',
        company: null,
        _base: { title: 'Engineer', company: { relationTo: 'companies', value: company } },
      },
      { 'if-match': '"1"' },
    )
    expect(merged.statusCode).toBe(200)
    expect(merged.json().doc).toMatchObject({
      title: 'Principal Engineer',
      company: null,
      phone: '+1 555 0100',
      version: 3,
    })
  })

  it('answers 412 when a base is missing for one of the patched fields', async () => {
    const doc = await newContact()
    await api('PATCH', `/api/contacts/${doc.id}`, { phone: '1' })
    const stale = await api(
      'PATCH',
      `/api/contacts/${doc.id}`,
      { title: 'x', mobile: 'y', _base: { title: '' } },
      { 'if-match': '"1"' },
    )
    expect(stale.statusCode).toBe(412)
    expect(stale.json().errors[0].data.map((d: { field: string }) => d.field)).toEqual(['mobile'])
  })

  it('answers 412 to a delete with a stale If-Match, 200 with a current one', async () => {
    const doc = await newContact()
    await api('PATCH', `/api/contacts/${doc.id}`, { title: 'moved on' })
    const stale = await api('DELETE', `/api/contacts/${doc.id}`, undefined, { 'if-match': '"1"' })
    expect(stale.statusCode).toBe(412)
    expect(stale.json().doc).toMatchObject({ title: 'moved on', version: 2 })
    const current = await api('DELETE', `/api/contacts/${doc.id}`, undefined, { 'if-match': '"2"' })
    expect(current.statusCode).toBe(200)
    expect(current.json().doc.version).toBe(3)
  })

  it('answers 410 to an update of a deleted record, with the tombstone', async () => {
    const doc = await newContact()
    await otherApi('DELETE', `/api/contacts/${doc.id}`)
    const response = await api(
      'PATCH',
      `/api/contacts/${doc.id}`,
      { title: 'too late' },
      { 'if-match': '"1"' },
    )
    expect(response.statusCode).toBe(410)
    expect(response.json().errors[0]).toMatchObject({ name: 'GoneError', message: messages.gone })
    expect(response.json().tombstone).toMatchObject({ collection: 'contacts', id: doc.id, version: 2 })
  })
})

describe('Idempotency-Key', () => {
  it('replays a create: same answer, one row', async () => {
    const headers = { 'idempotency-key': `op-${randomUUID()}` }
    const payload = { firstName: 'Once', lastName: 'Only' }
    const first = await api('POST', '/api/contacts', payload, headers)
    const replay = await api('POST', '/api/contacts', payload, headers)
    expect(first.statusCode).toBe(201)
    expect(replay.statusCode).toBe(201)
    expect(replay.json()).toEqual(first.json())
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.headers.etag).toBe('"1"')
    const rows = await server.db.select().from(contacts).where(eq(contacts.firstName, 'Once'))
    expect(rows).toHaveLength(1)
  })

  it('replays an update: applied once (the version moves by one)', async () => {
    const doc = await newContact()
    const headers = { 'idempotency-key': `op-${randomUUID()}`, 'if-match': '"1"' }
    const first = await api('PATCH', `/api/contacts/${doc.id}`, { title: 'Once' }, headers)
    const replay = await api('PATCH', `/api/contacts/${doc.id}`, { title: 'Once' }, headers)
    expect(first.json().doc.version).toBe(2)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    expect((await api('GET', `/api/contacts/${doc.id}`)).json().version).toBe(2)
  })

  it('applies concurrent duplicates once: the second waits for the first and replays it', async () => {
    const headers = { 'idempotency-key': `op-${randomUUID()}` }
    const payload = { firstName: 'Racing' }
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', '/api/contacts', payload, headers)))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201])
    expect(new Set(answers.map((a) => a.json().doc.id)).size).toBe(1)
    expect(await server.db.select().from(contacts).where(eq(contacts.firstName, 'Racing'))).toHaveLength(1)
  })

  it('replays a stored 400 the same way', async () => {
    const headers = { 'idempotency-key': `op-${randomUUID()}` }
    const first = await api('POST', '/api/contacts', { lastName: 'No first name' }, headers)
    const replay = await api('POST', '/api/contacts', { lastName: 'No first name' }, headers)
    expect(first.statusCode).toBe(400)
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toEqual(first.json())
  })

  it('answers 422 when a key is reused with a different body, and writes nothing', async () => {
    const key = `op-${randomUUID()}`
    await api('POST', '/api/contacts', { firstName: 'Keyed' }, { 'idempotency-key': key })
    const reused = await api('POST', '/api/contacts', { firstName: 'Different' }, { 'idempotency-key': key })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().errors[0].name).toBe('IdempotencyError')
    expect(await server.db.select().from(contacts).where(eq(contacts.firstName, 'Different'))).toHaveLength(0)
  })

  it('scopes keys per user', async () => {
    const key = `op-${randomUUID()}`
    const mine = await api('POST', '/api/contacts', { firstName: 'Scoped' }, { 'idempotency-key': key })
    const theirs = await otherApi(
      'POST',
      '/api/contacts',
      { firstName: 'Scoped' },
      { 'idempotency-key': key },
    )
    expect(theirs.statusCode).toBe(201)
    expect(theirs.json().doc.id).not.toBe(mine.json().doc.id)
  })

  it('rejects a malformed key with 400', async () => {
    const response = await api(
      'POST',
      '/api/contacts',
      { firstName: 'X' },
      { 'idempotency-key': 'x'.repeat(201) },
    )
    expect(response.statusCode).toBe(400)
  })
})
