/**
 * Image bytes for upload tests: the smallest headers each format needs to say
 * what it is and how large (the server reads only headers), and a real 1×1 PNG.
 */

const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff]
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** A real, complete 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

export const png = (width: number, height: number) =>
  Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(width),
    ...u32be(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ])

export const gif = (width: number, height: number) =>
  Buffer.from([...ascii('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0, 0x3b])

/** SOI, an APP0 segment to skip, then a baseline SOF0 with the size. */
export const jpeg = (width: number, height: number) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...u16be(16),
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    ...u16be(17),
    8,
    ...u16be(height),
    ...u16be(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ])

const riff = (chunk: number[]) => Buffer.from([...ascii('RIFF'), ...u32be(0), ...ascii('WEBP'), ...chunk])

export const webpLossy = (width: number, height: number) =>
  riff([...ascii('VP8 '), 0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0])

export const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14)
  return riff([
    ...ascii('VP8L'),
    0,
    0,
    0,
    0,
    0x2f,
    bits & 0xff,
    (bits >> 8) & 0xff,
    (bits >> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
    0,
    0,
    0,
    0,
  ])
}

export const webpExtended = (width: number, height: number) =>
  riff([...ascii('VP8X'), 0, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1), 0, 0])

/** A multipart form with the file in `file` (and an optional client id), as the client sends an upload. */
export function imageForm(bytes: Buffer, filename: string, id?: string, type = 'image/png') {
  const form = new FormData()
  if (id) form.set('id', id)
  form.set('file', new Blob([bytes], { type }), filename)
  return form
}
