/**
 * Bad input: sorts. A list sorts by the columns it shows and by the record's
 * metadata (id, createdAt, updatedAt), nothing else (docs/api.md "Paging and
 * sort"): a field the list does not show, a rich-text one, a reference or a
 * secret is a 400 with the error body, over raw HTTP as any client sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectionByName } from '../../../server/collections/registry'
import { queryableFields } from '../../../server/collections/where'
import { userListSource } from '../../../server/users/list'
import { COLLECTION_NAMES, type CollectionName } from '../../../src/domain/collections'
import { startTestServer, type TestServer } from '../helpers'
import { expectErrorBody, rawGet } from '../raw-http'

let server: TestServer
let base: string
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  base = await server.listen()
  admin = (await server.signIn({ role: 'admin' })).cookie
  await server.request(admin, { method: 'POST', url: '/api/contacts', payload: { firstName: 'Ada' } })
  await server.request(admin, { method: 'POST', url: '/api/products', payload: { name: 'Widget' } })
})
afterAll(() => server?.close())

const get = (path: string) => rawGet(base, path, ['Host: localhost', `Cookie: ${admin}`])

async function refusedSort(path: string, field: string) {
  const error = expectErrorBody(await get(path), 400, 'QueryError')
  expect(error.message, path).toBe(`Cannot sort by "${field}".`)
}

async function sorted(path: string) {
  const answer = await get(path)
  expect(answer.status, `${path} → ${answer.body}`).toBe(200)
  return JSON.parse(answer.body) as { docs: unknown[] }
}

const META = ['id', 'createdAt', 'updatedAt']
/** What each list shows as a column (src/domain's `listed` fields with a column), less rich text. */
const SORTABLE: Record<CollectionName | 'users', string[]> = {
  contacts: [...META, 'firstName', 'lastName', 'email', 'phone', 'title', 'linkedIn'],
  companies: [...META, 'companyName', 'website', 'mainPhone'],
  industries: [...META, 'name'],
  services: [...META, 'name'],
  products: [...META, 'name'],
  // The staff list: name (first, last), email, role.
  users: [...META, 'firstName', 'lastName', 'email', 'role'],
}

describe('sorts a list does not offer', () => {
  it('a field the list does not show, a rich-text one, a relation or a password: 400 with the error body', async () => {
    await refusedSort('/api/contacts?sort=department', 'department')
    await refusedSort('/api/contacts?sort=-mobile', 'mobile')
    await refusedSort('/api/contacts?sort=company', 'company')
    await refusedSort('/api/contacts?sort=company.value', 'company.value')
    await refusedSort('/api/contacts?sort=firstName,department', 'department')
    await refusedSort('/api/products?sort=description', 'description')
    await refusedSort('/api/products?sort=-productImage', 'productImage')
    // Kept by each row for its Email button, but not a column.
    await refusedSort('/api/companies?sort=email', 'email')
    await refusedSort('/api/users?sort=password', 'password')
    await refusedSort('/api/users?sort=passwordHash', 'passwordHash')
    await refusedSort('/api/users?sort=-username', 'username')
    await refusedSort('/api/users?sort=aboutMe', 'aboutMe')
  })

  it('every queryable path of each list that is not one of its sorts is refused', async () => {
    for (const name of COLLECTION_NAMES) {
      const collection = collectionByName.get(name)
      if (!collection) throw new Error(name)
      for (const path of queryableFields(collection).keys()) {
        if (!SORTABLE[name].includes(path)) await refusedSort(`/api/${name}?sort=-${path}`, path)
      }
    }
    for (const path of userListSource.fields.keys()) {
      if (!SORTABLE.users.includes(path)) await refusedSort(`/api/users?sort=${path}`, path)
    }
  })
})

describe('sorts a list offers', () => {
  it('its columns and the record metadata, as the server defines them', () => {
    for (const name of COLLECTION_NAMES)
      expect([...(collectionByName.get(name)?.sortable ?? [])].sort(), name).toEqual(
        [...SORTABLE[name]].sort(),
      )
    expect([...userListSource.sortable].sort()).toEqual([...SORTABLE.users].sort())
  })

  it('-firstName, email,-id and every other sortable field both ways: 200', async () => {
    expect((await sorted('/api/contacts?sort=-firstName')).docs).toHaveLength(1)
    expect((await sorted('/api/users?sort=email,-id')).docs.length).toBeGreaterThan(0)
    for (const [name, fields] of Object.entries(SORTABLE)) {
      for (const field of fields) {
        await sorted(`/api/${name}?sort=${field}`)
        await sorted(`/api/${name}?sort=-${field},id`)
      }
    }
  })
})
