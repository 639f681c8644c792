/**
 * Image uploads and their files: only real images, size-capped, names made
 * safe and unique, client ids and Idempotency-Key replays answered without a
 * second image, and files served with long private caching.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { startTestServer, type TestServer } from './helpers'
import { gif, imageForm, jpeg, png, webpLossy } from './image-fixtures'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await server.signIn()).cookie
})
afterAll(() => server?.close())

const post = (kind: string, payload: FormData | object, headers: Record<string, string> = {}) =>
  server.request(cookie, { method: 'POST', url: `/api/${kind}`, payload, headers })
const get = (url: string) => server.request(cookie, { method: 'GET', url })

describe('POST /api/{kind}-image', () => {
  it.each([
    ['png', png(20, 10), 'a.png', 'image/png'],
    ['jpeg', jpeg(20, 10), 'b.JPEG', 'image/jpeg'],
    ['gif', gif(20, 10), 'c.gif', 'image/gif'],
    ['webp', webpLossy(20, 10), 'd.webp', 'image/webp'],
  ])('takes a %s, read from its bytes', async (_, bytes, name, mimeType) => {
    const response = await post(
      'product-image',
      imageForm(bytes, name, undefined, 'application/octet-stream'),
    )
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().doc).toMatchObject({ mimeType, width: 20, height: 10, filesize: bytes.length })
  })

  it('answers 415 with the error body to a text file renamed .png, and to a JSON body', async () => {
    const text = await post('product-image', imageForm(Buffer.from('not an image at all'), 'evil.png'))
    expect(text.statusCode).toBe(415)
    expect(text.json().errors[0]).toMatchObject({
      name: 'UnsupportedMediaType',
      message: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
    })
    const json = await post('product-image', { file: 'iVBORw0KGgo=' })
    expect(json.statusCode).toBe(415)
  })

  it('answers 400 without a file in the field "file", or with a bad client id', async () => {
    const form = new FormData()
    form.set('image', new Blob([png(2, 2)]), 'x.png')
    const wrongField = await post('product-image', form)
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().errors[0].data).toEqual([
      { field: 'file', message: 'Send the image in the form field "file".' },
    ])
    const badId = await post('product-image', imageForm(png(2, 2), 'x.png', 'not-a-uuid'))
    expect(badId.json().errors[0].data).toEqual([{ field: 'id', message: 'Must be a valid id.' }])
  })

  it('takes a 3 MB image under the default 5 MB limit (the 1 MB JSON limit does not apply)', async () => {
    const bytes = Buffer.concat([png(3000, 2000), Buffer.alloc(3_000_000)])
    const response = await post('product-image', imageForm(bytes, 'large.png'))
    expect(response.statusCode).toBe(201)
    expect(response.json().doc.filesize).toBe(bytes.length)
  })

  it('answers 413 beyond UPLOAD_MAX_BYTES', async () => {
    const small = await buildApp({ db: server.db, uploadMaxBytes: 1000, loginRateLimit: false })
    try {
      const big = Buffer.concat([png(100, 100), Buffer.alloc(2000)])
      const response = await small.inject({
        method: 'POST',
        url: '/api/product-image',
        payload: imageForm(big, 'big.png'),
        headers: { cookie },
      })
      expect(response.statusCode).toBe(413)
      expect(response.json().errors[0].message).toMatch(/larger than the limit/)
      const fits = await small.inject({
        method: 'POST',
        url: '/api/product-image',
        payload: imageForm(png(1, 1), 'ok.png'),
        headers: { cookie },
      })
      expect(fits.statusCode).toBe(201)
    } finally {
      await small.close()
    }
  })

  it("sanitises names (no path, [a-z0-9._-], the real type's extension) and suffixes clashes", async () => {
    const names = []
    for (const original of ['../../etc/Plant Photo.gif', 'plant photo.png', 'PLANT-PHOTO.png']) {
      names.push((await post('industry-image', imageForm(png(3, 3), original))).json().doc.filename)
    }
    expect(names).toEqual(['plant-photo.png', 'plant-photo-1.png', 'plant-photo-2.png'])
    // Another kind is another folder: the same name is free there.
    expect((await post('service-image', imageForm(png(3, 3), 'plant photo.png'))).json().doc.filename).toBe(
      'plant-photo.png',
    )
  })

  it('a repeated upload with the same client id answers the stored doc, never a second image', async () => {
    const id = randomUUID()
    const first = await post('service-image', imageForm(png(5, 5), 'once.png', id))
    const again = await post('service-image', imageForm(png(5, 5), 'once.png', id))
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json().doc).toEqual(first.json().doc)
    expect(first.json().doc.id).toBe(id)
    const otherKind = await post('user-image', imageForm(png(5, 5), 'once.png', id))
    expect(otherKind.statusCode).toBe(400)
  })

  it('replays by Idempotency-Key; the same key with another file answers 422', async () => {
    const headers = { 'idempotency-key': `upload-${randomUUID()}` }
    const first = await post('product-image', imageForm(png(6, 6), 'keyed.png'), headers)
    const replay = await post('product-image', imageForm(png(6, 6), 'keyed.png'), headers)
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    const different = await post('product-image', imageForm(png(7, 7), 'keyed.png'), headers)
    expect(different.statusCode).toBe(422)
  })

  it('refuses a cross-site upload (Origin) even with a valid session', async () => {
    const response = await post('product-image', imageForm(png(2, 2), 'csrf.png'), {
      origin: 'https://evil.example',
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('GET /images/{folder}/{filename}', () => {
  it('serves the bytes with their type, nosniff and a year of private caching', async () => {
    const bytes = jpeg(40, 30)
    const { filename } = (await post('product-image', imageForm(bytes, 'served.jpg'))).json().doc
    const response = await get(`/images/product_image/${filename}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/jpeg')
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.equals(bytes)).toBe(true)
    expect(
      (await server.request(cookie, { method: 'HEAD', url: `/images/product_image/${filename}` })).statusCode,
    ).toBe(200)
    // Another kind's folder does not have it.
    expect((await get(`/images/user_image/${filename}`)).statusCode).toBe(404)
  })

  it('answers 404 with the error body for unknown names, folders and traversal attempts', async () => {
    for (const url of [
      '/images/product_image/nothing.png',
      '/images/secret_image/x.png',
      '/images/product_image/..%2F..%2Fpackage.json',
      '/images/product_image/%2e%2e',
      '/images/../package.json',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json().errors[0].message, url).toBeTruthy()
    }
  })

  it('needs a session', async () => {
    const { filename } = (await post('product-image', imageForm(png(2, 2), 'private.png'))).json().doc
    const signedOut = await server.app.inject({ method: 'GET', url: `/images/product_image/${filename}` })
    expect(signedOut.statusCode).toBe(401)
  })
})
