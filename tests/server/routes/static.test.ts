/**
 * The built app is sent compressed: the build's `.br` / `.gz` copies
 * (scripts/precompress.ts) chosen by Accept-Encoding, decoding to exactly the
 * file's bytes, with Vary, the right cache lifetime, HEAD and 304s.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../scripts/precompress'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer
let dist: string

const script = `export function add(a, b) { return a + b }\n${'console.log("Outpost contacts list");\n'.repeat(200)}`
const html = `<!doctype html><html><head><title>Outpost</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(20)}</head></html>`
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8])

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'outpost-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), html)
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener("install", () => {});\n${script}`)
  writeFileSync(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Outpost', icons: Array(9).fill({ src: '/icon-192.png' }) }),
  )
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script)
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), `.row{color:#0f766e;padding:4px}\n`.repeat(100))
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), '1')
  writeFileSync(join(dist, 'icon-192.png'), png)
  precompress(dist)
  server = await startTestServer({ staticDir: dist })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url, headers })
const fileOf = (url: string) => readFileSync(join(dist, url))

describe('precompress (the build step)', () => {
  it('writes a Brotli and a gzip copy of text files only, and only when smaller', () => {
    expect(existsSync(join(dist, 'assets', 'index-abc123.js.br'))).toBe(true)
    expect(existsSync(join(dist, 'assets', 'index-abc123.js.gz'))).toBe(true)
    expect(statSync(join(dist, 'assets', 'index-abc123.js.br')).size).toBeLessThan(script.length / 5)
    expect(existsSync(join(dist, 'icon-192.png.br'))).toBe(false)
    expect(existsSync(join(dist, 'assets', 'tiny-abc123.js.br'))).toBe(false)
    expect(existsSync(join(dist, 'assets', 'tiny-abc123.js.gz'))).toBe(false)
  })
})

describe('compressed assets', () => {
  const urls = [
    '/assets/index-abc123.js',
    '/assets/index-abc123.css',
    '/index.html',
    '/sw.js',
    '/manifest.webmanifest',
  ]

  it('sends Brotli when accepted, decoding to the same bytes, typed as the file', async () => {
    for (const url of urls) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(response.headers.vary, url).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(response.rawPayload).equals(fileOf(url)), url).toBe(true)
      expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length)
      expect(response.rawPayload.length, url).toBeLessThan(fileOf(url).length)
    }
    const js = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    const css = await get('/assets/index-abc123.css', { 'accept-encoding': 'br' })
    expect(css.headers['content-type']).toMatch(/^text\/css/)
  })

  it('sends gzip to a client without Brotli, decoding to the same bytes', async () => {
    for (const url of urls) {
      for (const accept of ['gzip', 'br;q=0, gzip']) {
        const response = await get(url, { 'accept-encoding': accept })
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe('gzip')
        expect(response.headers.vary, url).toMatch(/accept-encoding/i)
        expect(gunzipSync(response.rawPayload).equals(fileOf(url)), url).toBe(true)
      }
    }
  })

  it('sends the file itself without Accept-Encoding, for identity, and when no copy is smaller', async () => {
    for (const [url, accept] of [
      ['/assets/index-abc123.js', undefined],
      ['/index.html', 'identity'],
      ['/icon-192.png', 'br, gzip'],
      ['/assets/tiny-abc123.js', 'br, gzip'],
    ] as const) {
      const response = await get(url, accept ? { 'accept-encoding': accept } : {})
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-encoding'], url).toBeUndefined()
      expect(response.headers.vary, url).toMatch(/accept-encoding/i)
      expect(response.rawPayload.equals(fileOf(url)), url).toBe(true)
    }
  })

  it('serves the shell compressed for the root and history routes', async () => {
    for (const url of ['/', '/contacts/edit/123']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': 'br' })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html)
    }
  })

  it('keeps the cache lifetime of the file whichever encoding is sent', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const asset = await get('/assets/index-abc123.js', { 'accept-encoding': accept })
      expect(asset.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable')
      for (const url of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
        const response = await get(url, { 'accept-encoding': accept })
        expect(response.headers['cache-control'], `${url} ${accept}`).toBe('no-cache')
      }
    }
  })

  it('answers HEAD with the headers of the encoding and no body', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(response.headers['content-length'])).toBe(
      statSync(join(dist, 'assets', 'index-abc123.js.br')).size,
    )
    expect(response.rawPayload.length).toBe(0)
  })

  it('gives each encoding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get('/index.html', { 'accept-encoding': 'br' })
    const gzip = await get('/index.html', { 'accept-encoding': 'gzip' })
    const plain = await get('/index.html')
    const tags = [br.headers.etag, gzip.headers.etag, plain.headers.etag]
    for (const tag of tags) expect(tag).toBeTruthy()
    expect(new Set(tags).size).toBe(3)
    const again = await get('/index.html', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const otherTag = await get('/index.html', {
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    })
    expect(otherTag.statusCode).toBe(200)
  })

  it('never serves a compressed copy by its own name', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const response = await get(url, { accept: '*/*' })
      expect(response.statusCode, url).toBe(404)
    }
  })
})
