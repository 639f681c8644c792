/**
 * A contact's LinkedIn profile: the field added by following docs/entities.md ("Add a field"), with
 * nothing written for it but its definition, its column and its migration. The server stores it,
 * answers it, sends it in the change feed and refuses an address that is not one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  api = signedInApi(server, (await server.signIn()).cookie)
})
afterAll(() => server?.close())

describe("a contact's LinkedIn profile", () => {
  it('is empty when a create leaves it out, kept when given, and in the change feed', async () => {
    const plain = (await api('POST', '/api/contacts', { firstName: 'Grace' })).json().doc
    expect(plain.linkedIn).toBe('')

    const profile = 'https://www.linkedin.com/in/ada-lovelace'
    const created = await api('POST', '/api/contacts', { firstName: 'Ada', linkedIn: profile })
    expect(created.statusCode).toBe(201)
    const { id } = created.json().doc
    expect((await api('GET', `/api/contacts/${id}`)).json().linkedIn).toBe(profile)

    const typed = await api('PATCH', `/api/contacts/${id}`, { linkedIn: '  linkedin.com/in/ada  ' })
    expect(typed.json().doc.linkedIn).toBe('linkedin.com/in/ada')
    const feed = (await api('GET', '/api/sync/changes?since=0&limit=1000')).json()
    expect(feed.changes.find((change: { id: string }) => change.id === id)?.doc.linkedIn).toBe(
      'linkedin.com/in/ada',
    )
  })

  it('refuses what is not a web address with the field error, and stores nothing', async () => {
    for (const linkedIn of [
      'javascript:alert(1)',
      'ftp://files.example/ada',
      'ada lovelace',
      'https://nohost',
    ]) {
      const response = await api('POST', '/api/contacts', { firstName: 'Mallory', linkedIn })
      expect(response.statusCode, linkedIn).toBe(400)
      expect(response.json().errors[0].data).toEqual([
        { field: 'linkedIn', message: 'Must be a web address (http or https).' },
      ])
    }
    const list = (await api('GET', '/api/contacts?where[firstName][equals]=Mallory')).json()
    expect(list.totalDocs).toBe(0)
  })
})
