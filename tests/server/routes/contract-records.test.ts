/**
 * One contract test per record call of the product, as the spec's client makes
 * it: the query strings as it builds them (qs, nested brackets), the answer
 * fields it reads (docs, totalDocs, doc, doc.id, doc.<image>.filename).
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../helpers'
import { imageForm, png } from '../image-fixtures'

const signedIn = signedInServer()
const { api } = signedIn

const created = async (path: string, payload: unknown) => {
  const response = await api('POST', `/api/${path}`, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().doc
}
const listOf = async (url: string) => {
  const response = await api('GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const pageShape = { docs: expect.any(Array), totalDocs: expect.any(Number), page: 1, limit: 10 }

describe('contacts', () => {
  it('GET/POST/PUT/DELETE contacts; the list searched with where-or like on firstName, email, lastName', async () => {
    const acme = await created('companies', { companyName: 'Acme Turbines' })
    const doc = await created('contacts', {
      firstName: 'Mira',
      lastName: 'Okafor',
      email: 'mira@acme.example',
      company: acme.id,
    })
    expect(doc).toMatchObject({
      firstName: 'Mira',
      company: { relationTo: 'companies', value: acme.id },
      version: 1,
    })
    const search =
      'where[or][0][firstName][like]=okafor&where[or][1][email][like]=okafor&where[or][2][lastName][like]=okafor'
    const list = await listOf(`/api/contacts?${search}&page[number]=1&page[size]=10`)
    expect(list).toMatchObject({ ...pageShape, totalDocs: 1 })
    expect(list.docs[0]).toEqual(doc)
    expect((await api('GET', `/api/contacts/${doc.id}`)).json()).toEqual(doc)
    const put = await api('PUT', `/api/contacts/${doc.id}`, {
      title: 'Buyer',
      company: { relationTo: 'companies', value: acme.id },
    })
    expect(put.json()).toMatchObject({
      message: 'Updated successfully.',
      doc: { title: 'Buyer', version: 2 },
    })
    const deleted = await api('DELETE', `/api/contacts/${doc.id}`)
    expect(deleted.json()).toMatchObject({ message: 'Deleted successfully.', doc: { id: doc.id } })
    expect((await api('GET', `/api/contacts/${doc.id}`)).statusCode).toBe(410)
  })
})

describe('companies', () => {
  it('POST returns doc.id; PUT returns doc; the list searched with where-or like on companyName, email, address', async () => {
    const doc = await created('companies', {
      companyName: 'Northwind Rail',
      address: '12 Harbour Road, Leith',
      website: 'northwind.example',
      email: 'office@northwind.example',
      mainPhone: '+44 131 000 0000',
    })
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/)
    const put = await api('PUT', `/api/companies/${doc.id}`, { mainPhone: '+44 131 111 1111' })
    expect(put.statusCode).toBe(200)
    expect(put.json().doc).toMatchObject({
      companyName: 'Northwind Rail',
      mainPhone: '+44 131 111 1111',
      version: 2,
    })
    const search = (text: string) =>
      `where[or][0][companyName][like]=${text}&where[or][1][email][like]=${text}&where[or][2][address][like]=${text}`
    for (const text of ['northwind', 'harbour leith', 'OFFICE@']) {
      const list = await listOf(`/api/companies?${encodeURI(search(text))}&page[number]=1&page[size]=10`)
      expect(
        list.docs.map((d: { id: string }) => d.id),
        text,
      ).toEqual([doc.id])
    }
    expect((await api('DELETE', `/api/companies/${doc.id}`)).json().doc.id).toBe(doc.id)
  })

  it('the company picker: like on companyName, website, address, lowercased, plus paging', async () => {
    const names = ['Picker Alpha', 'Picker Beta', 'Picker Gamma']
    for (const companyName of names)
      await created('companies', {
        companyName,
        website: `${companyName.split(' ')[1]?.toLowerCase()}.example`,
      })
    const text = 'picker'
    const query = `where[or][0][companyName][like]=${text}&where[or][1][website][like]=${text}&where[or][2][address][like]=${text}`
    const first = await listOf(`/api/companies?${query}&page[number]=1&page[size]=2`)
    expect(first).toMatchObject({ totalDocs: 3, totalPages: 2, hasNextPage: true })
    expect(first.docs.map((d: { companyName: string }) => d.companyName)).toEqual([
      'Picker Alpha',
      'Picker Beta',
    ])
    const byWebsite = await listOf('/api/companies?where[or][0][website][like]=gamma.example')
    expect(byWebsite.docs.map((d: { companyName: string }) => d.companyName)).toEqual(['Picker Gamma'])
  })
})

const catalog = [
  { path: 'industries', imageField: 'industryImage', upload: 'industry-image', folder: 'industry_image' },
  { path: 'services', imageField: 'serviceImage', upload: 'service-image', folder: 'service_image' },
  { path: 'products', imageField: 'productImage', upload: 'product-image', folder: 'product_image' },
] as const

describe.each(catalog)('$path', ({ path, imageField, upload, folder }) => {
  it(`POST and PUT return doc; the list searched with like on name and description`, async () => {
    const description = [
      { type: 'paragraph', children: [{ text: 'Heavy lift ' }, { text: 'cranes', bold: true }] },
    ]
    const doc = await created(path, { name: `${path} one`, description })
    expect(doc).toMatchObject({ name: `${path} one`, description, [imageField]: null, version: 1 })
    const put = await api('PUT', `/api/${path}/${doc.id}`, { name: `${path} first` })
    expect(put.json()).toMatchObject({
      message: 'Updated successfully.',
      doc: { name: `${path} first`, description },
    })
    const byName = await listOf(`/api/${path}?where[name][like]=first&page[number]=1&page[size]=10`)
    expect(byName).toMatchObject({ ...pageShape, totalDocs: 1 })
    const byText = await listOf(
      `/api/${path}?where[or][0][name][like]=lift cranes&where[or][1][description][like]=lift cranes`,
    )
    expect(byText.docs.map((d: { id: string }) => d.id)).toEqual([doc.id])
    expect(byText.docs[0].description).toEqual(description)
  })

  it(`POST ${upload} (multipart, field file) returns doc.id; PUT ${path}/{id} with it returns doc.${imageField}.filename; served from /images/${folder}/`, async () => {
    const image = await signedIn.server.request(signedIn.cookie, {
      method: 'POST',
      url: `/api/${upload}`,
      payload: imageForm(png(64, 48), 'Site Photo.png'),
    })
    expect(image.statusCode, image.body).toBe(201)
    const uploaded = image.json().doc
    expect(uploaded).toEqual({
      id: expect.any(String),
      // The readable name with a random part: the stored name is only ever known from this answer.
      filename: expect.stringMatching(/^site-photo-[0-9a-f]{32}\.png$/),
      mimeType: 'image/png',
      filesize: expect.any(Number),
      width: 64,
      height: 48,
    })
    const doc = await created(path, { name: `${path} with image` })
    const put = await api('PUT', `/api/${path}/${doc.id}`, { [imageField]: uploaded.id })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().doc[imageField]).toEqual({ id: uploaded.id, filename: uploaded.filename })
    const file = await signedIn.server.request(signedIn.cookie, {
      method: 'GET',
      url: `/images/${folder}/${uploaded.filename}`,
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    // The stored bytes are the server's re-encoding of the upload: the same picture, never the sender's file.
    expect(file.rawPayload.length).toBe(uploaded.filesize)
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 })
    const removed = await api('PUT', `/api/${path}/${doc.id}`, { [imageField]: null })
    expect(removed.json().doc[imageField]).toBeNull()
  })
})

describe('products list answers docs and totalDocs', () => {
  it('GET products?where[or][…][like]&page[number]&page[size]', async () => {
    for (const name of ['Gearbox A', 'Gearbox B', 'Bearing C'])
      await created('products', { name, description: `The ${name}` })
    const list = await listOf(
      '/api/products?where[or][0][name][like]=gearbox&where[or][1][description][like]=gearbox&page[number]=1&page[size]=5',
    )
    expect(list).toMatchObject({ totalDocs: 2, limit: 5, page: 1 })
    expect(list.docs.map((d: { name: string }) => d.name)).toEqual(['Gearbox A', 'Gearbox B'])
  })
})
