import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer
let cookie: string
/** Ada's company: created first, since a contact may only point at a live company. */
let company: string

interface Doc {
  id: string
  firstName: string
  lastName: string
  email: string
  title: string
}

const specials = [
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.lovelace@example.com',
    title: 'Senior Data Analyst',
  },
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', title: 'Rear Admiral' },
  { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example', title: '100% Sure' },
  { firstName: 'Alonzo', lastName: 'Church', email: 'alonzo@princeton.example', title: '1000 Sure' },
  { firstName: 'Under', lastName: 'Score', email: 'a_b@under.example', title: 'Tester' },
  { firstName: 'Cross', lastName: 'Letter', email: 'axb@under.example', title: 'Tester' },
  { firstName: 'Ampersand', lastName: 'AT&T', email: 'att@example.com', title: 'Telecom' },
]
const generated = Array.from({ length: 25 - specials.length }, (_, i) => ({
  firstName: `Gen${String(i).padStart(2, '0')}`,
  lastName: `Member ${String(i).padStart(2, '0')}`,
  email: `gen${i}@generated.example`,
  title: 'Generated',
}))

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await server.signIn()).cookie
  const acme = { companyName: 'Analytical Engines' }
  company = (await server.request(cookie, { method: 'POST', url: '/api/companies', payload: acme })).json()
    .doc.id
  for (const contact of [...specials, ...generated]) {
    const payload = contact.firstName === 'Ada' ? { ...contact, company } : contact
    const response = await server.request(cookie, { method: 'POST', url: '/api/contacts', payload })
    if (response.statusCode !== 201) throw new Error(response.body)
  }
})
afterAll(() => server?.close())

const list = (query: string) => server.request(cookie, { method: 'GET', url: `/api/contacts?${query}` })
const names = async (query: string) => {
  const response = await list(query)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().docs as Doc[]).map((doc) => doc.firstName)
}

describe('paging', () => {
  it('answers page 2 of 25 rows with size 10 exactly as Payload does', async () => {
    const response = await list('page[number]=2&page[size]=10')
    expect(response.statusCode).toBe(200)
    const { docs, ...info } = response.json()
    expect(docs).toHaveLength(10)
    expect(info).toEqual({
      totalDocs: 25,
      limit: 10,
      totalPages: 3,
      page: 2,
      pagingCounter: 11,
      hasPrevPage: true,
      hasNextPage: true,
      prevPage: 1,
      nextPage: 3,
    })
    expect(docs[0]).toMatchObject({ version: 1 })
    expect(Object.keys(docs[0])).toEqual([
      'id',
      'firstName',
      'lastName',
      'title',
      'department',
      'email',
      'phone',
      'mobile',
      'linkedIn',
      'company',
      'version',
      'createdAt',
      'updatedAt',
    ])
  })

  it('covers every row once across pages, with plain page & limit too', async () => {
    const ids = new Set<string>()
    for (const page of [1, 2, 3]) {
      const response = await list(`page=${page}&limit=10`)
      for (const doc of response.json().docs as Doc[]) ids.add(doc.id)
      if (page === 3)
        expect(response.json()).toMatchObject({ hasNextPage: false, nextPage: null, pagingCounter: 21 })
    }
    expect(ids.size).toBe(25)
  })

  it('defaults to page 1 of 10; a page past the end is empty but keeps the totals', async () => {
    const first = (await list('')).json()
    expect(first).toMatchObject({
      page: 1,
      limit: 10,
      docs: expect.any(Array),
      hasPrevPage: false,
      prevPage: null,
    })
    expect(first.docs).toHaveLength(10)
    const past = (await list('page[number]=4&page[size]=10')).json()
    expect(past).toMatchObject({
      docs: [],
      totalDocs: 25,
      totalPages: 3,
      page: 4,
      hasNextPage: false,
      prevPage: 3,
    })
  })

  it('answers an empty result with totalPages 0 and pagingCounter 0', async () => {
    const { docs, ...info } = (await list('where[firstName][equals]=Nobody')).json()
    expect(docs).toEqual([])
    expect(info).toEqual({
      totalDocs: 0,
      limit: 10,
      totalPages: 0,
      page: 1,
      pagingCounter: 0,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
    })
  })
})

describe('sort', () => {
  it('sorts by a field, ascending or descending, ignoring case; default lastName', async () => {
    const ascending = await names('sort=firstName&limit=25')
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(ascending[0]).toBe('Ada')
    expect(await names('sort=-firstName&limit=25')).toEqual([...ascending].reverse())
    const byLastName = (await list('limit=3')).json().docs.map((doc: Doc) => doc.lastName)
    expect(byLastName).toEqual(['AT&T', 'Church', 'Hopper'])
  })
})

describe('where', () => {
  it('like: every word, in any order, case-insensitively', async () => {
    expect(await names('where[title][like]=analyst%20SENIOR')).toEqual(['Ada'])
    expect(await names('where[title][like]=DATA+senior')).toEqual(['Ada'])
    expect(await names('where[title][like]=analyst%20junior')).toEqual([])
    expect(await names('where[email][like]=LOVELACE')).toEqual(['Ada'])
  })

  it('like and contains treat %, _ and \\ as literal characters', async () => {
    expect(await names('where[title][like]=100%25')).toEqual(['Alan'])
    expect(await names('where[email][like]=a_b')).toEqual(['Under'])
    expect(await names('where[email][contains]=a_b@')).toEqual(['Under'])
    expect(await names('where[title][contains]=%25')).toEqual(['Alan'])
    expect(await names('where[title][like]=%5C')).toEqual([])
  })

  it('or-like across firstName, email and lastName as the client sends it', async () => {
    const query =
      'where[or][0][firstName][like]=LO&where[or][1][email][like]=LO&where[or][2][lastName][like]=LO&sort=firstName'
    expect(await names(query)).toEqual(['Ada', 'Alonzo'])
    const encoded =
      'where[or][0][firstName][like]=AT%26T&where[or][1][email][like]=AT%26T&where[or][2][lastName][like]=AT%26T'
    expect(await names(encoded)).toEqual(['Ampersand'])
  })

  it('equals, not_equals, in, not_in, exists and and-groups', async () => {
    expect(await names('where[firstName][equals]=Grace')).toEqual(['Grace'])
    expect(await names('where[title][equals]=Tester&where[firstName][not_equals]=Under')).toEqual(['Cross'])
    expect(await names('where[firstName][in]=Grace,Alan&sort=firstName')).toEqual(['Alan', 'Grace'])
    expect(await names('where[firstName][in][0]=Grace&where[firstName][in][1]=Ada&sort=firstName')).toEqual([
      'Ada',
      'Grace',
    ])
    const notIn = await names('where[title][not_in]=Generated,Tester&sort=firstName')
    expect(notIn).toEqual(['Ada', 'Alan', 'Alonzo', 'Ampersand', 'Grace'])
    expect(await names('where[company][exists]=true')).toEqual(['Ada'])
    expect((await list('where[department][exists]=false')).json().totalDocs).toBe(25)
    expect(await names('where[and][0][title][equals]=Tester&where[and][1][email][like]=axb')).toEqual([
      'Cross',
    ])
  })

  it('compares a relationship by id, also as company.value', async () => {
    expect(await names(`where[company][equals]=${company}`)).toEqual(['Ada'])
    expect(await names(`where[company.value][equals]=${company}`)).toEqual(['Ada'])
  })

  it('compares dates', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect((await list(`where[createdAt][less_than]=${future}`)).json().totalDocs).toBe(25)
    expect((await list(`where[updatedAt][greater_than]=${future}`)).json().totalDocs).toBe(0)
  })

  it('never lists tombstones', async () => {
    const { doc } = (
      await server.request(cookie, {
        method: 'POST',
        url: '/api/contacts',
        payload: { firstName: 'Ephemeral' },
      })
    ).json()
    expect((await list('')).json().totalDocs).toBe(26)
    await server.request(cookie, { method: 'DELETE', url: `/api/contacts/${doc.id}` })
    expect((await list('')).json().totalDocs).toBe(25)
    expect(await names('where[firstName][equals]=Ephemeral')).toEqual([])
  })
})

describe('bad queries answer 400 with a clear message', () => {
  const cases: [string, string, RegExp][] = [
    ['unknown where field', 'where[password][equals]=x', /cannot be queried: password/],
    ['unknown operator', 'where[firstName][regex]=.*', /Unknown operator "regex" on firstName/],
    ['field without operator', 'where[firstName]=Ada', /operator for firstName/],
    ['huge page size', 'page[size]=100000', /page\[size\] must be a whole number between 1 and 500/],
    ['negative page number', 'page[number]=-1', /page\[number\] must be a whole number/],
    ['zero page', 'page=0', /page must be a whole number/],
    ['fractional limit', 'limit=2.5', /limit must be a whole number/],
    ['unknown paging key', 'page[offset]=3', /page\[offset\]/],
    ['deep nesting', 'where[and][0][or][0][and][0][or][0][and][0][firstName][equals]=x', /nests too deeply/],
    ['non-uuid id value', 'where[id][equals]=abc', /must be an id/],
    ['non-date value', 'where[createdAt][greater_than]=yesterday', /must be a date/],
    ['like on a date', 'where[createdAt][like]=2024', /cannot be used on createdAt/],
    ['exists not boolean', 'where[email][exists]=maybe', /true or false/],
    ['unknown sort field', 'sort=password', /Cannot sort by "password"/],
    ['where not an object', 'where=1', /where must be an object/],
  ]
  it.each(cases)('%s', async (_name, query, message) => {
    const response = await list(query)
    expect(response.statusCode).toBe(400)
    const [error] = response.json().errors
    expect(error.name).toBe('QueryError')
    expect(error.title).toBe(error.message)
    expect(error.message).toMatch(message)
  })
})
