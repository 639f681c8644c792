/**
 * Bad input, part 3: generated malformed uploads (broken multipart, files that
 * are not images whatever they are called, files over the limit) must answer a
 * 4xx with the error body and store nothing; damaged images are re-encoded or
 * refused, never a 500; hostile filenames on real images are made safe, never
 * refused or followed.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { images } from '../../../server/db/schema'
import { startTestServer, type TestServer } from '../helpers'
import { encoded, imageForm, png } from '../image-fixtures'
import { brokenMultipart, hostileText, refused, runs } from './bad-input-arbitraries'

let server: TestServer
let admin: string
/** The server with a 2 kB upload limit, to make oversize files cheap to send. */
let small: FastifyInstance
/** Images stored by the tests that expect one. */
let expected = 0

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.signIn({ role: 'admin' })).cookie
  small = await buildApp({ db: server.db, uploadMaxBytes: 2048, signInLimits: { perAddress: false } })
})
afterAll(async () => {
  await small?.close()
  await server?.close()
})

afterEach(async () => {
  // Nothing refused was stored, and a good upload still works.
  expect(await server.db.$count(images)).toBe(expected)
  const good = await server.request(admin, {
    method: 'POST',
    url: '/api/user-image',
    payload: imageForm(png(2, 2), 'ok.png'),
  })
  expect(good.statusCode).toBe(201)
  expected++
})

const write = (url: string, payload: string, contentType: string) =>
  server.request(admin, { method: 'POST', url, payload, headers: { 'content-type': contentType } })

describe('malformed uploads', () => {
  const kinds = ['product-image', 'industry-image', 'service-image', 'user-image']

  it('broken multipart: no boundary, a wrong one, truncated parts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), brokenMultipart, async (kind, { boundary, body }) => {
        const contentType = boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data'
        const response = await write(`/api/${kind}`, body, contentType)
        refused(response, `${kind} ${contentType} ${JSON.stringify(body)}`)
      }),
      { numRuns: runs(300) },
    )
  })

  it('files that are not images, whatever their name and claimed type; files over the limit', async () => {
    const notImage = fc.oneof(
      fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes)),
      hostileText.map((text) => Buffer.from(`${text} not an image`)),
    )
    const name = fc.oneof(
      fc.constantFrom('photo.png', 'x.jpg', '../../etc/passwd.png', 'a.gif', 'b.webp'),
      hostileText,
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), notImage, name, async (kind, bytes, filename) => {
        const response = await server.request(admin, {
          method: 'POST',
          url: `/api/${kind}`,
          payload: imageForm(bytes, filename),
        })
        refused(response, `${kind} ${filename}`)
      }),
      { numRuns: runs(300) },
    )
    const oversize = fc
      .integer({ min: 2049, max: 20_000 })
      .map((n) => Buffer.concat([png(10, 10), Buffer.alloc(n)]))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), oversize, async (kind, bytes) => {
        const response = await small.inject({
          method: 'POST',
          url: `/api/${kind}`,
          payload: imageForm(bytes, 'big.png'),
          headers: { cookie: admin },
        })
        expect(response.statusCode).toBe(413)
        refused(response, `${kind} ${bytes.length} bytes`)
      }),
      { numRuns: runs(40) },
    )
  })

  it('damaged real images (cut short, bytes overwritten) are taken re-encoded or refused with a 4xx, never a 500', async () => {
    const originals = await Promise.all(
      (['png', 'jpeg', 'gif', 'webp'] as const).map((format) => encoded(format, 24, 16)),
    )
    // The first 16 bytes stay, so most files still look like images and reach the decoder.
    const KEEP = 16
    const damage = fc.record({
      original: fc.constantFrom(...originals),
      cut: fc.option(fc.nat(), { nil: undefined }),
      writes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
    })
    await fc.assert(
      fc.asyncProperty(damage, async ({ original, cut, writes }) => {
        const length = cut === undefined ? original.length : KEEP + (cut % (original.length - KEEP))
        const bytes = Buffer.from(original.subarray(0, length))
        for (const [at, value] of writes)
          if (bytes.length > KEEP) bytes[KEEP + (at % (bytes.length - KEEP))] = value
        const response = await server.request(admin, {
          method: 'POST',
          url: '/api/product-image',
          payload: imageForm(bytes, 'damaged.img'),
        })
        const what = `${bytes.toString('base64')} → ${response.body}`
        if (response.statusCode !== 201) return refused(response, what)
        expected++
        expect(response.json().doc.width, what).toBeGreaterThan(0)
      }),
      { numRuns: runs(150) },
    )
  })

  it('a hostile filename on a real image is made safe, never refused or followed', async () => {
    // (An empty filename makes the part a plain field in multipart: a client always names its file.)
    const name = fc.oneof(
      hostileText.filter((text) => text !== ''),
      fc.constantFrom('../../../etc/passwd', '..\\..\\boot.ini', '/abs/path.png', 'CON', '....png'),
    )
    await fc.assert(
      fc.asyncProperty(name, async (filename) => {
        const response = await server.request(admin, {
          method: 'POST',
          url: '/api/product-image',
          payload: imageForm(png(3, 3), filename),
        })
        expect(response.statusCode, filename).toBe(201)
        expected++
        expect(response.json().doc.filename).toMatch(/^[a-z0-9][a-z0-9._-]*\.png$/)
      }),
      { numRuns: runs(100) },
    )
  })
})
