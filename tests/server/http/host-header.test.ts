/**
 * The Host header is read strictly (a name or an IP literal, then an optional
 * port of digits), over raw sockets so that nothing tidies the header first:
 * a known name followed by something else must not pass as that name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostNameOf } from '../../../server/http/origin'
import { startTestServer, type TestServer } from '../helpers'
import { expectErrorBody, rawGet, rawRequest } from '../raw-http'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = await server.listen()
})
afterAll(() => server?.close())

const me = (...headerLines: string[]) => rawGet(base, '/api/users/me', headerLines)

describe('a Host that is not one host name and port', () => {
  it('is a 400 with the error body, though it starts with a name this server answers to', async () => {
    for (const host of [
      'localhost:evil.example',
      '[::1]evil.example',
      'localhost:3101@evil.example',
      'user@localhost',
      'localhost:',
      'localhost:99999',
      'localhost:3101:3101',
      'localhost/evil.example',
      '[::1',
      '[evil.example]',
      '127.0.0.1 evil.example',
    ]) {
      const error = expectErrorBody(await me(`Host: ${host}`), 400, 'BadRequest')
      expect(error.message, host).toBe('The Host header is not a valid host name.')
    }
  })

  it('missing from HTTP/1.1, or given twice, is a 400 with the error body', async () => {
    expectErrorBody(await me(), 400, 'BadRequest')
    expectErrorBody(await me('Host: localhost', 'Host: evil.example'), 400, 'BadRequest')
    expectErrorBody(await me('Host: evil.example', 'Host: localhost'), 400, 'BadRequest')
  })

  it('HTTP/1.0 without a Host is a 400 too, not a request for some default host', async () => {
    expectErrorBody(await rawRequest(base, 'GET /api/users/me HTTP/1.0\r\n\r\n'), 400, 'BadRequest')
  })
})

describe('a well-formed Host', () => {
  it("names one of this server's names, with any port and any case", async () => {
    for (const host of [
      'localhost',
      'localhost:3101',
      'LocalHost:80',
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:3000',
    ]) {
      const answer = await me(`Host: ${host}`)
      expect(answer.status, host).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ user: null })
    }
  })

  it('naming another host is a 421 with the error body', async () => {
    expectErrorBody(await me('Host: evil.example'), 421, 'MisdirectedRequest')
    expectErrorBody(await me('Host: evil.example:3101'), 421, 'MisdirectedRequest')
    expectErrorBody(await me('Host: [::2]:3101'), 421, 'MisdirectedRequest')
  })

  it('does not let an absolute request target name another host', async () => {
    const answer = await rawGet(base, 'http://evil.example/api/users/me', ['Host: localhost'])
    expectErrorBody(answer, 421, 'MisdirectedRequest')
    const ours = await rawGet(base, 'http://localhost:3101/api/users/me', ['Host: localhost'])
    expect(ours.status).toBe(200)
  })
})

describe('hostNameOf', () => {
  it('answers the lowercased name, or nothing for a value that is not a host', () => {
    expect(hostNameOf('Example.COM:443')).toBe('example.com')
    expect(hostNameOf('[::1]:3000')).toBe('[::1]')
    expect(hostNameOf('[2001:DB8::1]')).toBe('[2001:db8::1]')
    expect(hostNameOf('crm-box')).toBe('crm-box')
    for (const bad of [
      '',
      ':80',
      'a:b',
      '[::1]x',
      '[::1]:',
      'a b',
      'a@b',
      '[v1.x]',
      '[::1%25eth0]',
      'é.example',
    ])
      expect(hostNameOf(bad), bad).toBeUndefined()
  })
})
