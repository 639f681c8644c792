import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messages } from '../../../src/domain/errors'
import { signedInServer } from '../helpers'

const signedIn = signedInServer()
const { api } = signedIn

const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Analyst',
  department: 'Engineering',
  email: 'ada@example.com',
  phone: '+44 20 0000 0001',
  mobile: '+44 7700 000001',
}

describe('contacts CRUD', () => {
  it('creates, reads, updates and deletes with the documented bodies', async () => {
    const created = await api('POST', '/api/contacts', ada)
    expect(created.statusCode).toBe(201)
    const { doc, message } = created.json()
    expect(message).toBe('Contact successfully created.')
    expect(doc).toMatchObject({ ...ada, company: null, version: 1 })
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(doc.createdAt).toISOString()).toBe(doc.createdAt)
    expect(doc.updatedAt).toBe(doc.createdAt)
    expect(created.headers.etag).toBe('"1"')

    const read = await api('GET', `/api/contacts/${doc.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(doc)
    expect(read.headers.etag).toBe('"1"')

    const company = (await api('POST', '/api/companies', { companyName: 'Analytical Engines' })).json().doc.id
    const updated = await api('PATCH', `/api/contacts/${doc.id}`, {
      title: 'Chief Analyst',
      company: { relationTo: 'companies', value: company },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().message).toBe('Updated successfully.')
    const after = updated.json().doc
    expect(after).toMatchObject({
      ...ada,
      title: 'Chief Analyst',
      company: { relationTo: 'companies', value: company },
      version: 2,
    })
    expect(after.updatedAt >= doc.updatedAt).toBe(true)
    expect(updated.headers.etag).toBe('"2"')

    // PUT behaves like PATCH; a bare id sets the relationship, null clears it.
    const put = await api('PUT', `/api/contacts/${doc.id}`, { company: null, lastName: '  Byron  ' })
    expect(put.statusCode).toBe(200)
    expect(put.json().doc).toMatchObject({
      company: null,
      lastName: 'Byron',
      title: 'Chief Analyst',
      version: 3,
    })
    const bare = await api('PUT', `/api/contacts/${doc.id}`, { company })
    expect(bare.json().doc.company).toEqual({ relationTo: 'companies', value: company })

    const deleted = await api('DELETE', `/api/contacts/${doc.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toMatchObject({
      message: 'Deleted successfully.',
      doc: { id: doc.id, version: 5 },
    })

    const gone = await api('GET', `/api/contacts/${doc.id}`)
    expect(gone.statusCode).toBe(410)
    expect(gone.json().errors[0].message).toBe(messages.gone)
    expect((await api('DELETE', `/api/contacts/${doc.id}`)).statusCode).toBe(410)
    const list = await api('GET', '/api/contacts?limit=500')
    expect(list.json().docs.map((d: { id: string }) => d.id)).not.toContain(doc.id)
  })

  it('accepts a client-generated id; a repeated create answers the existing doc without a second row', async () => {
    const id = randomUUID()
    const first = await api('POST', '/api/contacts', { ...ada, id, firstName: 'Grace' })
    expect(first.statusCode).toBe(201)
    expect(first.json().doc.id).toBe(id)
    const again = await api('POST', '/api/contacts', { ...ada, id, firstName: 'Grace' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ doc: first.json().doc, message: 'Contact successfully created.' })
    const list = await api('GET', `/api/contacts?where[id][equals]=${id}`)
    expect(list.json().totalDocs).toBe(1)
  })

  it('answers 410 to a create whose id is a tombstone', async () => {
    const id = randomUUID()
    await api('POST', '/api/contacts', { id, firstName: 'Temp' })
    await api('DELETE', `/api/contacts/${id}`)
    const again = await api('POST', '/api/contacts', { id, firstName: 'Temp' })
    expect(again.statusCode).toBe(410)
    expect(again.json().tombstone).toMatchObject({ collection: 'contacts', id, version: 2 })
  })

  it('fills defaults and ignores read-only keys echoed back from a loaded doc', async () => {
    const created = await api('POST', '/api/contacts', { firstName: 'Solo' })
    const { doc } = created.json()
    expect(doc).toMatchObject({ firstName: 'Solo', lastName: '', email: '', department: '', company: null })
    const echoed = await api('PUT', `/api/contacts/${doc.id}`, { ...doc, title: 'Echo' })
    expect(echoed.statusCode).toBe(200)
    expect(echoed.json().doc).toMatchObject({ title: 'Echo', version: 2, createdAt: doc.createdAt })
  })

  it('answers 404 for an unknown id on every single-doc route', async () => {
    const id = randomUUID()
    for (const [method, payload] of [
      ['GET'],
      ['PATCH', { title: 'x' }],
      ['PUT', { title: 'x' }],
      ['DELETE'],
    ] as const) {
      const response = await api(method, `/api/contacts/${id}`, payload)
      expect(response.statusCode).toBe(404)
      expect(response.json().errors[0]).toMatchObject({ name: 'NotFound', message: messages.notFound })
    }
  })
})

describe('contacts: 400 with the error body, never 500', () => {
  const expectValidation = (response: Awaited<ReturnType<typeof api>>, title: string, fields: string[]) => {
    expect(response.statusCode).toBe(400)
    const [error] = response.json().errors
    expect(error.name).toBe('ValidationError')
    expect(error.title).toBe(title)
    expect(error.message).toBe(title)
    expect(error.data.map((d: { field: string }) => d.field)).toEqual(fields)
  }

  it('malformed JSON', async () => {
    const response = await signedIn.server.request(signedIn.cookie, {
      method: 'POST',
      url: '/api/contacts',
      payload: '{"firstName": "Ada",',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0]).toMatchObject({ message: 'The request body is not valid JSON.' })
  })

  it('a missing required field', async () => {
    const response = await api('POST', '/api/contacts', { lastName: 'Nobody' })
    expectValidation(response, 'The following field is invalid: firstName', ['firstName'])
    expect(response.json().errors[0].data[0].message).toBe(messages.required)
  })

  it('an unknown field in the body', async () => {
    const response = await api('POST', '/api/contacts', { firstName: 'Ada', nickname: 'A' })
    expectValidation(response, 'The following field is invalid: nickname', ['nickname'])
    expect(response.json().errors[0].data[0].message).toBe('Unknown field.')
    expectValidation(
      await api('PATCH', `/api/contacts/${randomUUID()}`, { shoeSize: 9 }),
      'The following field is invalid: shoeSize',
      ['shoeSize'],
    )
  })

  it('wrong types and values', async () => {
    const response = await api('POST', '/api/contacts', {
      firstName: 42,
      email: 'not-an-email',
      department: 'Astrology',
      company: 'acme',
    })
    expectValidation(response, 'The following fields are invalid: firstName, department, email, company', [
      'firstName',
      'department',
      'email',
      'company',
    ])
    expect(response.json().errors[0].data[2].message).toBe(messages.invalidEmail)
    expectValidation(await api('POST', '/api/contacts', [1, 2]), 'The following field is invalid: body', [
      'body',
    ])
    expectValidation(
      await api('POST', '/api/contacts', { id: 'abc', firstName: 'X' }),
      'The following field is invalid: id',
      ['id'],
    )
  })

  it('a non-uuid id in the path', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await api(
        method,
        "/api/contacts/1'; drop table contacts;--",
        method === 'PATCH' ? {} : undefined,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].data).toEqual([{ field: 'id', message: 'Must be a valid id.' }])
    }
  })

  it('an id in a patch body that differs from the path', async () => {
    const { doc } = (await api('POST', '/api/contacts', { firstName: 'Fixed' })).json()
    expectValidation(
      await api('PATCH', `/api/contacts/${doc.id}`, { id: randomUUID() }),
      'The following field is invalid: id',
      ['id'],
    )
  })

  it('a malformed If-Match', async () => {
    const { doc } = (await api('POST', '/api/contacts', { firstName: 'Etag' })).json()
    const response = await api('PATCH', `/api/contacts/${doc.id}`, { title: 'x' }, { 'if-match': 'v1' })
    expect(response.statusCode).toBe(400)
  })
})
