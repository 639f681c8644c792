/**
 * Image uploads and their files: only real images, size-capped in bytes and
 * pixels, decoded and re-encoded so that only what an encoder made is stored
 * (no HTML or script riding along, no metadata), names made safe and given a
 * random part, client ids and Idempotency-Key replays answered without a
 * second image, and files served inline with long private caching and a
 * policy that runs nothing.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { images } from '../../../server/db/schema'
import { startTestServer, type TestServer } from '../helpers'
import {
  encoded,
  gifScriptPolyglot,
  HTML,
  imageForm,
  jpegHeader,
  noisyPng,
  photoJpeg,
  png,
  pngHeader,
  pngWithHtmlAfterEnd,
  pngWithHtmlText,
  SCRIPT,
  wideGifScriptPolyglot,
} from '../image-fixtures'

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
/** Uploads a product image that must be taken, and answers its doc and the bytes served for it. */
async function uploadAndFetch(bytes: Buffer, name: string) {
  const response = await post('product-image', imageForm(bytes, name))
  expect(response.statusCode, response.body).toBe(201)
  const doc = response.json().doc
  const served = await get(`/images/product_image/${doc.filename}`)
  expect(served.statusCode).toBe(200)
  return { doc, served: served.rawPayload }
}
const storedCount = () => server.db.$count(images)

describe('POST /api/{kind}-image', () => {
  it.each([
    ['png', 'a.png', 'image/png'],
    ['jpeg', 'b.JPEG', 'image/jpeg'],
    ['gif', 'c.gif', 'image/gif'],
    ['webp', 'd.webp', 'image/webp'],
  ] as const)(
    'takes a %s, read from its bytes, and stores it in its own format',
    async (format, name, mimeType) => {
      const bytes = await encoded(format, 20, 10)
      const response = await post(
        'product-image',
        imageForm(bytes, name, undefined, 'application/octet-stream'),
      )
      expect(response.statusCode, response.body).toBe(201)
      const doc = response.json().doc
      expect(doc).toMatchObject({ mimeType, width: 20, height: 10 })
      // The doc describes the stored (re-encoded) file.
      const served = (await get(`/images/product_image/${doc.filename}`)).rawPayload
      expect(served.length).toBe(doc.filesize)
      expect(await sharp(served).metadata()).toMatchObject({ format, width: 20, height: 10 })
    },
  )

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
    const bytes = noisyPng(1000, 760) // random pixels do not compress: ~3 MB
    expect(bytes.length).toBeGreaterThan(3_000_000)
    const { doc, served } = await uploadAndFetch(bytes, 'large.png')
    expect(doc).toMatchObject({ mimeType: 'image/png', width: 1000, height: 760, filesize: served.length })
    expect(served.length).toBeGreaterThan(3_000_000)
    const pixels = (image: Buffer) => sharp(image).raw().toBuffer()
    expect((await pixels(served)).equals(await pixels(bytes))).toBe(true) // PNG stays lossless
  })

  it('answers 413 beyond UPLOAD_MAX_BYTES', async () => {
    const small = await buildApp({ db: server.db, uploadMaxBytes: 1000, signInLimits: { perAddress: false } })
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

  it("sanitises names (no path, [a-z0-9._-], the real type's extension) and adds a random part", async () => {
    const names = []
    for (const original of ['../../etc/Plant Photo.gif', 'plant photo.png', 'PLANT-PHOTO.png']) {
      names.push((await post('industry-image', imageForm(png(3, 3), original))).json().doc.filename)
    }
    for (const name of names) expect(name).toMatch(/^plant-photo-[0-9a-f]{32}\.png$/)
    expect(new Set(names).size).toBe(3)
    expect(
      (await post('service-image', imageForm(png(3, 3), 'plant photo.png'))).json().doc.filename,
    ).toMatch(/^plant-photo-[0-9a-f]{32}\.png$/)
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

describe('uploads are decoded and re-encoded: only an image is stored and served', () => {
  it.each([
    ['in a tEXt chunk', pngWithHtmlText(30, 20)],
    ['after IEND', pngWithHtmlAfterEnd(30, 20)],
  ])('a PNG carrying an HTML page %s is served without it', async (_, polyglot) => {
    expect(polyglot.includes(HTML)).toBe(true)
    const { doc, served } = await uploadAndFetch(polyglot, 'polyglot.png')
    expect(doc).toMatchObject({ mimeType: 'image/png', width: 30, height: 20, filesize: served.length })
    for (const text of ['<html', '<script', 'alert(']) expect(served.includes(text), text).toBe(false)
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 })
  })

  it('a GIF that is also a script (within the limits) is served without the script', async () => {
    const polyglot = gifScriptPolyglot()
    // It really is both: a script that runs alert(1), and a GIF.
    let called = ''
    new Function('alert', 'GIF89a', polyglot.toString('latin1'))((what: unknown) => {
      called = String(what)
    })
    expect(called).toBe('1')
    const { doc, served } = await uploadAndFetch(polyglot, 'polyglot.gif')
    expect(doc).toMatchObject({ mimeType: 'image/gif', filesize: served.length })
    expect(served.includes(SCRIPT)).toBe(false)
    expect(served.includes('*/')).toBe(false)
    expect((await sharp(served).metadata()).format).toBe('gif')
  })

  it('refuses the classic GIF script polyglot: its size bytes make it 10,799 pixels wide', async () => {
    const before = await storedCount()
    const response = await post('product-image', imageForm(wideGifScriptPolyglot(), 'wide.gif'))
    expect(response.statusCode).toBe(413)
    expect(response.json().errors[0].message).toContain('10799 × 1 pixels')
    expect(await storedCount()).toBe(before)
  })

  it('refuses a PNG declaring 1,000,000 × 1,000,000 pixels with 413 and the error body; stores nothing', async () => {
    const before = await storedCount()
    const response = await post('product-image', imageForm(pngHeader(1_000_000, 1_000_000), 'bomb.png'))
    expect(response.statusCode).toBe(413)
    const message =
      'The image is 1000000 × 1000000 pixels; images may be at most 10,000 pixels on a side and ' +
      '40 megapixels (all frames of an animation together).'
    expect(response.json()).toEqual({ errors: [{ name: 'PayloadTooLarge', title: message, message }] })
    expect(await storedCount()).toBe(before)
  })

  it('refuses damaged and truncated images with 415 and the error body; stores nothing', async () => {
    const jpeg = await sharp(noisyPng(64, 48)).jpeg().toBuffer() // noise: most of its bytes are the scan
    const before = await storedCount()
    for (const [name, bytes] of [
      ['header-only.png', pngHeader(64, 48)],
      ['header-only.jpg', jpegHeader(64, 48)],
      ['truncated.png', png(64, 48).subarray(0, -40)],
      ['truncated.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
    ] as const) {
      const response = await post('product-image', imageForm(bytes, name))
      expect(response.statusCode, name).toBe(415)
      expect(response.json().errors[0], name).toMatchObject({
        name: 'UnsupportedMediaType',
        message: expect.stringMatching(/could not be read/),
      })
    }
    expect(await storedCount()).toBe(before)
  })

  it('turns a camera JPEG upright by its EXIF orientation and drops the EXIF', async () => {
    const photo = await photoJpeg() // stored 60 × 40 with a red square top-left, EXIF: rotate 90° clockwise
    expect(await sharp(photo).metadata()).toMatchObject({ width: 60, height: 40, orientation: 6 })
    expect(photo.includes('SpyCam')).toBe(true)
    const { doc, served } = await uploadAndFetch(photo, 'photo.jpg')
    expect(doc).toMatchObject({ mimeType: 'image/jpeg', width: 40, height: 60, filesize: served.length })
    const decoded = await sharp(served).metadata()
    expect(decoded).toMatchObject({ format: 'jpeg', width: 40, height: 60 })
    expect(decoded.orientation).toBeUndefined()
    expect(decoded.exif).toBeUndefined()
    expect(served.includes('SpyCam')).toBe(false)
    // Turned clockwise, the top-left corner is now the top-right one.
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true })
    const red = (x: number, y: number) => (data[(y * info.width + x) * info.channels] ?? 0) > 200
    expect([red(info.width - 1, 0), red(0, 0), red(0, info.height - 1)]).toEqual([true, false, false])
  })
})

describe('GET /images/{folder}/{filename}', () => {
  it('serves the image inline with its type, nosniff, no script and a year of private caching', async () => {
    const { filename, filesize } = (
      await post('product-image', imageForm(await encoded('jpeg', 40, 30), 'served.jpg'))
    ).json().doc
    expect(filename).toMatch(/^served-[0-9a-f]{32}\.jpg$/)
    const response = await get(`/images/product_image/${filename}`)
    const head = await server.request(cookie, { method: 'HEAD', url: `/images/product_image/${filename}` })
    for (const answer of [response, head]) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-disposition': `inline; filename="${filename}"`,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        // Not the app's policy: nothing in this answer may run or load, even if a browser rendered it as a page.
        'content-security-policy': "default-src 'none'; sandbox",
      })
    }
    expect(response.rawPayload.length).toBe(filesize)
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 40,
      height: 30,
    })
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
