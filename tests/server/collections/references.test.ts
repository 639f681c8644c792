/**
 * References between records: a contact's company and a catalog record's
 * image must point at something that exists (and is the right kind); deleting
 * a company clears it on its contacts as writes the change feed carries.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Change, ChangesResponse } from '../../../src/domain/rest'
import { signedInServer } from '../helpers'
import { imageForm, png } from '../image-fixtures'

const signedIn = signedInServer()
const { api } = signedIn

const create = async (path: string, payload: unknown) =>
  (await api('POST', `/api/${path}`, payload)).json().doc
const upload = async (kind: string, name: string) =>
  (
    await signedIn.server.request(signedIn.cookie, {
      method: 'POST',
      url: `/api/${kind}`,
      payload: imageForm(png(10, 10), name),
    })
  ).json().doc
const feed = async (since: string): Promise<ChangesResponse> =>
  (await api('GET', `/api/sync/changes?since=${since}`)).json()

describe('contact.company', () => {
  it('accepts a live company as { relationTo, value } or as the id alone', async () => {
    const company = await create('companies', { companyName: 'Both Ways Ltd' })
    const ref = { relationTo: 'companies', value: company.id }
    expect((await create('contacts', { firstName: 'Obj', company: ref })).company).toEqual(ref)
    expect((await create('contacts', { firstName: 'Bare', company: company.id })).company).toEqual(ref)
  })

  it('answers 400 on company for an id that does not exist or was deleted', async () => {
    const gone = await create('companies', { companyName: 'Gone Ltd' })
    await api('DELETE', `/api/companies/${gone.id}`)
    for (const company of [randomUUID(), gone.id]) {
      const response = await api('POST', '/api/contacts', { firstName: 'Dangling', company })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0]).toMatchObject({
        name: 'ValidationError',
        data: [{ field: 'company', message: 'No company with this id exists.' }],
      })
    }
    const contact = await create('contacts', { firstName: 'Patched' })
    const patch = await api('PATCH', `/api/contacts/${contact.id}`, { company: randomUUID() })
    expect(patch.statusCode).toBe(400)
    expect((await api('GET', `/api/contacts/${contact.id}`)).json().version).toBe(1)
  })

  it('deleting a company clears it on its live contacts in the same write, and the feed tells every client', async () => {
    const company = await create('companies', { companyName: 'Closing Down plc' })
    const a = await create('contacts', { firstName: 'Ann', company: company.id })
    const b = await create('contacts', { firstName: 'Ben', company: company.id })
    const other = await create('contacts', { firstName: 'Cat' })
    const start = (await feed('0')).cursor
    const deleted = await api('DELETE', `/api/companies/${company.id}`)
    expect(deleted.statusCode).toBe(200)
    const changes = (await feed(start)).changes
    const byId = new Map(changes.map((change: Change) => [change.id, change]))
    expect(byId.get(company.id)).toMatchObject({ collection: 'companies', deleted: true })
    for (const contact of [a, b]) {
      expect(byId.get(contact.id)).toMatchObject({
        collection: 'contacts',
        version: 2,
        doc: { company: null },
      })
    }
    expect(byId.has(other.id)).toBe(false)
    expect((await api('GET', `/api/contacts/${a.id}`)).json()).toMatchObject({ company: null, version: 2 })
  })

  it('a repeated create (same client id) whose company was deleted since answers the record, not a 400', async () => {
    const company = await create('companies', { companyName: 'Short Lived' })
    const id = randomUUID()
    const payload = { id, firstName: 'Retried', company: company.id }
    expect((await api('POST', '/api/contacts', payload)).statusCode).toBe(201)
    await api('DELETE', `/api/companies/${company.id}`)
    const retry = await api('POST', '/api/contacts', payload)
    expect(retry.statusCode).toBe(200)
    expect(retry.json().doc).toMatchObject({ id, company: null, version: 2 })
  })

  it('queries contacts by company id, as company or company.value', async () => {
    const company = await create('companies', { companyName: 'Query Co' })
    const contact = await create('contacts', { firstName: 'Queried', company: company.id })
    for (const path of ['company', 'company.value']) {
      const list = (await api('GET', `/api/contacts?where[${path}][equals]=${company.id}`)).json()
      expect(list.docs.map((d: { id: string }) => d.id)).toEqual([contact.id])
    }
  })
})

describe('catalog images', () => {
  it('takes an uploaded image of its own kind as an id or { id }, and null removes it', async () => {
    const image = await upload('industry-image', 'plant.png')
    expect(image.filename).toMatch(/^plant-[0-9a-f]{32}\.png$/)
    const doc = await create('industries', { name: 'Energy', industryImage: { id: image.id } })
    expect(doc.industryImage).toEqual({ id: image.id, filename: image.filename })
    const listed = (await api('GET', `/api/industries?where[industryImage.id][equals]=${image.id}`)).json()
    expect(listed.docs[0].industryImage).toEqual({ id: image.id, filename: image.filename })
    const cleared = await api('PATCH', `/api/industries/${doc.id}`, { industryImage: null })
    expect(cleared.json().doc.industryImage).toBeNull()
  })

  it('answers 400 on the image field for an unknown id or an image of another kind', async () => {
    const productImage = await upload('product-image', 'widget.png')
    for (const industryImage of [randomUUID(), productImage.id]) {
      const response = await api('POST', '/api/industries', { name: 'Wrong', industryImage })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].data).toEqual([
        { field: 'industryImage', message: 'Must be the id of an uploaded industry image.' },
      ])
    }
    const user = await api('PATCH', `/api/users/${(await signedIn.server.createUser()).id}`, {
      userImage: productImage.id,
    })
    expect(user.statusCode).toBe(403)
  })

  it('the change feed carries catalog records with their image reference', async () => {
    const start = (await feed('0')).cursor
    const image = await upload('service-image', 'tools.png')
    const doc = await create('services', { name: 'Repairs', serviceImage: image.id })
    const changes = (await feed(start)).changes
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({
      collection: 'services',
      id: doc.id,
      doc: { serviceImage: { id: image.id, filename: image.filename } },
    })
  })
})
