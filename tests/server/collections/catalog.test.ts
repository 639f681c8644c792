/**
 * The catalog collections' descriptions: Slate JSON stored and answered as
 * such, a plain string from an older client taken as paragraphs, unsafe links
 * refused, keys the editor does not make dropped, and search by the
 * description's plain text (never its JSON); lists sort by name, never by a
 * rich-text description.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { industries, products, services } from '../../../server/db/schema'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  api = signedInApi(server, (await server.signIn()).cookie)
})
afterAll(() => server?.close())

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ text }] })

describe.each(['industries', 'services', 'products'])('%s descriptions', (path) => {
  it('stores a plain string as one paragraph per line and answers Slate JSON', async () => {
    const response = await api('POST', `/api/${path}`, {
      name: 'Plain',
      description: 'First line\nSecond line',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().doc.description).toEqual([paragraph('First line'), paragraph('Second line')])
  })

  it('defaults to one empty paragraph, and requires a name', async () => {
    const doc = (await api('POST', `/api/${path}`, { name: 'Bare' })).json().doc
    expect(doc.description).toEqual([paragraph('')])
    const nameless = await api('POST', `/api/${path}`, { description: 'x' })
    expect(nameless.json().errors[0].data).toEqual([{ field: 'name', message: 'This field is required.' }])
  })

  it('refuses a javascript: link, an unknown block and hostile nesting with a field error', async () => {
    // 20 blocks deep: past rich text's limit, within JSON's (64 levels; deeper bodies are refused
    // before validation, as a BadRequest: http/hardening.test.ts).
    let deep: unknown = { text: 'x' }
    for (let n = 0; n < 20; n++) deep = { type: 'paragraph', children: [deep] }
    for (const description of [
      [
        {
          type: 'paragraph',
          children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] }],
        },
      ],
      [{ type: 'script', children: [{ text: 'x' }] }],
      [deep],
      { not: 'a list' },
    ]) {
      const response = await api('POST', `/api/${path}`, { name: 'Bad', description })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].data[0].field).toBe('description')
    }
  })
  it('stores only the keys the editor makes: no handler, no url off a link', async () => {
    const description = [
      {
        type: 'paragraph',
        url: 'javascript:1',
        onclick: 'alert(1)',
        children: [
          { text: 'See ', bold: true, onmouseover: 'alert(2)' },
          { type: 'link', url: 'https://example.com/', target: '_self', children: [{ text: 'our site' }] },
        ],
      },
    ]
    const created = await api('POST', `/api/${path}`, { name: 'Extra keys', description })
    expect(created.statusCode, created.body).toBe(201)
    const clean = [
      {
        type: 'paragraph',
        children: [
          { text: 'See ', bold: true },
          { type: 'link', url: 'https://example.com/', children: [{ text: 'our site' }] },
        ],
      },
    ]
    expect(created.json().doc.description).toEqual(clean)
    // As stored: the row itself, and what a read answers.
    const id = created.json().doc.id
    const table = { industries, services, products }[path as 'products']
    const [row] = await server.db
      .select({ description: table.description })
      .from(table)
      .where(eq(table.id, id))
    expect(row?.description).toEqual(clean)
    expect((await api('GET', `/api/${path}/${id}`)).json().description).toEqual(clean)
  })

  it('refuses a javascript: link with a 400 naming the field and the rule, and stores nothing', async () => {
    const before = (await api('GET', `/api/${path}?where[name][equals]=Unsafe link`)).json().totalDocs
    const response = await api('POST', `/api/${path}`, {
      name: 'Unsafe link',
      description: [
        { type: 'paragraph', children: [{ type: 'link', url: 'javascript:1', children: [{ text: 'x' }] }] },
      ],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0]).toMatchObject({
      name: 'ValidationError',
      data: [{ field: 'description', message: 'Links must start with http://, https://, mailto: or tel:.' }],
    })
    const after = (await api('GET', `/api/${path}?where[name][equals]=Unsafe link`)).json().totalDocs
    expect(after).toBe(before)
  })

  it('refuses a block type that is not text with a 400, even one whose toString is a trap', async () => {
    for (const type of [{ toString: 1 }, { valueOf: 1, toString: null }, ['paragraph'], 7]) {
      for (const description of [
        [{ type, children: [{ text: 'x' }] }],
        [{ type: 'paragraph', children: [{ type, children: [{ text: 'x' }] }] }],
      ]) {
        const response = await api('POST', `/api/${path}`, { name: 'Odd block', description })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().errors[0]).toMatchObject({
          name: 'ValidationError',
          data: [{ field: 'description', message: 'Unknown rich-text block.' }],
        })
      }
    }
  })
})

describe('search and sort on the description', () => {
  it('like and contains search the plain text, not the JSON around it', async () => {
    const rich = [{ type: 'heading-one', children: [{ text: 'Offshore ' }, { text: 'Wind', bold: true }] }]
    const doc = (await api('POST', '/api/industries', { name: 'Renewables', description: rich })).json().doc
    const find = async (query: string) =>
      (await api('GET', `/api/industries?${query}`)).json().docs.map((d: { id: string }) => d.id)
    expect(await find('where[description][like]=wind offshore')).toEqual([doc.id])
    expect(await find('where[description][contains]=shore wi')).toEqual([doc.id])
    expect(await find('where[description][like]=heading')).toEqual([])
    expect(await find('where[description][like]=bold')).toEqual([])
  })

  it('sorts by name, ties broken by id, stable across pages; not by the description (a 400)', async () => {
    const names = ['Sort C', 'sort a', 'Sort B', 'Sort B']
    for (const [i, name] of names.entries())
      await api('POST', '/api/products', { name, description: `zz ${4 - i}` })
    const page = async (sort: string, number: number) =>
      (
        await api(
          'GET',
          `/api/products?where[name][like]=sort&sort=${sort}&page[size]=2&page[number]=${number}`,
        )
      ).json()
    const byName = [...(await page('name', 1)).docs, ...(await page('name', 2)).docs]
    expect(byName.map((d: { name: string }) => d.name)).toEqual(['sort a', 'Sort B', 'Sort B', 'Sort C'])
    const twins = byName.filter((d: { name: string }) => d.name === 'Sort B').map((d: { id: string }) => d.id)
    expect(twins).toEqual([...twins].sort())
    // Rich text has no order a list could show: its column is not sortable (docs/api.md "Paging and sort").
    const byDescription = await api('GET', '/api/products?where[name][like]=sort&sort=-description')
    expect(byDescription.statusCode).toBe(400)
    expect(byDescription.json().errors[0]).toMatchObject({
      name: 'QueryError',
      message: 'Cannot sort by "description".',
    })
  })

  it('merges a stale update of the description when its base still holds (key order does not matter)', async () => {
    const description = [{ type: 'paragraph', children: [{ text: 'Base', bold: true }] }]
    const doc = (await api('POST', '/api/services', { name: 'Merge', description })).json().doc
    await api('PATCH', `/api/services/${doc.id}`, { name: 'Merge 2' })
    const reordered = [{ children: [{ bold: true, text: 'Base' }], type: 'paragraph' }]
    const merged = await api(
      'PATCH',
      `/api/services/${doc.id}`,
      { description: 'Changed', _base: { description: reordered } },
      { 'if-match': '"1"' },
    )
    expect(merged.statusCode, merged.body).toBe(200)
    expect(merged.json().doc).toMatchObject({
      name: 'Merge 2',
      description: [paragraph('Changed')],
      version: 3,
    })
  })
})
