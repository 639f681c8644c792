/**
 * Merging two records (Admins, docs/api.md "Merge"): the kept record takes the chosen values, what
 * pointed at the other points at it, the other goes to the Trash; a replay does it once; bad
 * requests are refused with the error body and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let admin: Api
let staff: Api

beforeAll(async () => {
  server = await startTestServer()
  admin = signedInApi(
    server,
    (await server.signIn({ firstName: 'Ada', lastName: 'Admin', role: 'admin' })).cookie,
  )
  staff = signedInApi(server, (await server.signIn({ firstName: 'Sam', lastName: 'Staff' })).cookie)
})
afterAll(() => server?.close())

const create = async (path: string, body: object) => (await staff('POST', `/api/${path}`, body)).json().doc
const companyOf = async (id: string) =>
  (await staff('GET', `/api/contacts/${id}`)).json().company?.value ?? null

describe('merging two records', () => {
  it('keeps one with the chosen values, moves what pointed at the other, and trashes the other', async () => {
    const kept = await create('companies', { companyName: 'Orbit Works', website: '' })
    const other = await create('companies', { companyName: 'Orbit Works Ltd', website: 'orbit.example' })
    const contact = await create('contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: other.id },
    })
    const stays = await create('contacts', {
      firstName: 'Alan',
      company: { relationTo: 'companies', value: kept.id },
    })
    const { cursor } = (await staff('GET', '/api/sync/changes?since=0&limit=1000')).json()

    const merged = await admin('POST', `/api/companies/${kept.id}/merge`, {
      from: other.id,
      values: { website: 'orbit.example' },
    })
    expect(merged.statusCode).toBe(200)
    expect(merged.json()).toMatchObject({
      message: 'Merged successfully.',
      doc: { id: kept.id, companyName: 'Orbit Works', website: 'orbit.example' },
    })
    expect(await companyOf(contact.id)).toBe(kept.id)
    expect(await companyOf(stays.id)).toBe(kept.id)
    expect((await staff('GET', `/api/companies/${other.id}`)).statusCode).toBe(410)
    const trash = (await admin('GET', '/api/companies/trash')).json()
    expect(trash.docs.map((entry: { doc: { id: string } }) => entry.doc.id)).toContain(other.id)

    // Every device hears it: the kept record, the moved contact and the other's tombstone.
    const changes = (await staff('GET', `/api/sync/changes?since=${cursor}&limit=1000`)).json().changes as {
      id: string
      deleted: boolean
    }[]
    expect(changes.find((change) => change.id === kept.id)?.deleted).toBe(false)
    expect(changes.find((change) => change.id === other.id)?.deleted).toBe(true)
    expect(changes.some((change) => change.id === contact.id)).toBe(true)

    const [entry] = (await staff('GET', `/api/companies/${kept.id}/history`)).json().docs
    expect(entry).toMatchObject({
      action: 'merged',
      by: 'Ada Admin',
      changes: { website: { from: null, to: 'orbit.example' } },
    })
    const [moved] = (await staff('GET', `/api/contacts/${contact.id}/history`)).json().docs
    expect(moved).toMatchObject({ action: 'updated', changes: { company: { from: other.id, to: kept.id } } })
  })

  it('does it once when replayed after a lost answer', async () => {
    const kept = await create('contacts', { firstName: 'Grace' })
    const other = await create('contacts', { firstName: 'Grace H.' })
    const key = { 'idempotency-key': 'merge-once-1' }
    const body = { from: other.id, values: { title: 'Rear Admiral' } }
    const first = await admin('POST', `/api/contacts/${kept.id}/merge`, body, key)
    const again = await admin('POST', `/api/contacts/${kept.id}/merge`, body, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().doc.version).toBe(first.json().doc.version)
    const history = (await staff('GET', `/api/contacts/${kept.id}/history`)).json()
    expect(history.docs.map((entry: { action: string }) => entry.action)).toEqual(['merged', 'created'])
  })
})

describe('a merge refuses', () => {
  it('staff who are not Admins, and changes nothing', async () => {
    const a = await create('contacts', { firstName: 'A' })
    const b = await create('contacts', { firstName: 'B' })
    const refused = await staff('POST', `/api/contacts/${a.id}/merge`, { from: b.id })
    expect(refused.statusCode).toBe(403)
    expect((await staff('GET', `/api/contacts/${b.id}`)).statusCode).toBe(200)
  })

  it('a record with itself, a missing or unknown other, a deleted one, another collection, bad values', async () => {
    const a = await create('contacts', { firstName: 'A' })
    const self = await admin('POST', `/api/contacts/${a.id}/merge`, { from: a.id })
    expect(self.statusCode).toBe(400)
    expect(self.json().errors[0]).toMatchObject({
      name: 'ValidationError',
      data: [{ field: 'from', message: 'A record cannot be merged with itself.' }],
    })
    expect((await admin('POST', `/api/contacts/${a.id}/merge`, {})).statusCode).toBe(400)
    expect(
      (await admin('POST', `/api/contacts/${a.id}/merge`, { from: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404)
    const deleted = await create('contacts', { firstName: 'Gone' })
    await staff('DELETE', `/api/contacts/${deleted.id}`)
    expect((await admin('POST', `/api/contacts/${a.id}/merge`, { from: deleted.id })).statusCode).toBe(410)
    const company = await create('companies', { companyName: 'Not A Contact' })
    expect((await admin('POST', `/api/contacts/${a.id}/merge`, { from: company.id })).statusCode).toBe(404)
    const bad = await admin('POST', `/api/contacts/${a.id}/merge`, {
      from: deleted.id,
      values: { email: 'nope' },
    })
    expect(bad.statusCode).toBe(400)
    expect(
      (await admin('POST', `/api/contacts/${a.id}/merge`, { from: company.id, extra: 1 })).statusCode,
    ).toBe(400)
    expect((await staff('GET', `/api/contacts/${a.id}`)).json().version).toBe(1)
    expect((await staff('GET', `/api/companies/${company.id}`)).statusCode).toBe(200)
  })
})
