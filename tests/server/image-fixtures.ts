/**
 * Image bytes for upload tests. The server decodes and re-encodes every upload,
 * so what is uploaded must be a real image: `png` encodes one in code, and
 * `encoded` and `photoJpeg` have sharp make the other formats. The *Header
 * fixtures are the smallest bytes each format needs to say what it is and how
 * large, nothing more: for the sniffer, and for files that must never decode.
 * The polyglots are images that are also HTML or JavaScript.
 */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff]
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))
/** Bytes from text (each character one byte) and byte arrays. */
const bytesOf = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => Buffer.from(typeof part === 'string' ? ascii(part) : part)))

/** A real, complete 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(ascii(type)), data])
  return Buffer.concat([Buffer.from(u32be(data.length)), typed, Buffer.from(u32be(crc32(typed)))])
}

const ihdr = (width: number, height: number) =>
  pngChunk('IHDR', Buffer.from([...u32be(width), ...u32be(height), 8, 6, 0, 0, 0])) // 8-bit RGBA

/** A complete RGBA PNG of these rows (each a filter byte 0 and width × 4 bytes). */
const encodePng = (width: number, height: number, rows: Buffer) =>
  Buffer.concat([
    Buffer.from(PNG_SIGNATURE),
    ihdr(width, height),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])

/** A real PNG: a colour gradient, so rows differ and nothing is trivially constant. */
export function png(width: number, height: number): Buffer {
  const stride = width * 4 + 1
  const rows = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rows.set([(x * 7) & 0xff, (y * 5) & 0xff, 128, 255], y * stride + 1 + x * 4)
    }
  }
  return encodePng(width, height, rows)
}

/** A real PNG of random pixels: it does not compress, so its size is about width × height × 4. */
export function noisyPng(width: number, height: number): Buffer {
  const stride = width * 4 + 1
  const rows = randomBytes(stride * height)
  for (let y = 0; y < height; y++) rows[y * stride] = 0 // every row's filter byte: none
  return encodePng(width, height, rows)
}

/** The PNG with one more chunk just before IEND (the last 12 bytes). */
export const withPngChunk = (image: Buffer, type: string, data: Uint8Array) =>
  Buffer.concat([image.subarray(0, -12), pngChunk(type, data), image.subarray(-12)])

/** Only a PNG's signature and IHDR: it claims a size and has no pixels at all. */
export const pngHeader = (width: number, height: number) =>
  Buffer.concat([Buffer.from(PNG_SIGNATURE), ihdr(width, height)])

export const gifHeader = (width: number, height: number) =>
  bytesOf('GIF89a', u16le(width), u16le(height), [0, 0, 0, 0x3b])

/** SOI, an APP0 segment to skip, then a baseline SOF0 with the size. */
export const jpegHeader = (width: number, height: number) =>
  bytesOf(
    [0xff, 0xd8, 0xff, 0xe0, ...u16be(16)],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width)],
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9],
  )

const riff = (chunk: number[]) => bytesOf('RIFF', u32be(0), 'WEBP', chunk)

export const webpLossyHeader = (width: number, height: number) =>
  riff([...ascii('VP8 '), 0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0])

export const webpLosslessHeader = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14)
  const sizes = [bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]
  return riff([...ascii('VP8L'), 0, 0, 0, 0, 0x2f, ...sizes, 0, 0, 0, 0, 0])
}

export const webpExtendedHeader = (width: number, height: number) =>
  riff([...ascii('VP8X'), 0, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1), 0, 0])

/** A real image of this format made by sharp: a blue field with a red square in the top-left corner. */
export function encoded(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number) {
  const square = Math.max(1, Math.floor(Math.min(width, height) / 3))
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: square, height: square, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer()
}

/** An animated GIF or WebP: `frames` frames of one colour each (red, green, blue…), `delay` ms apart. */
export function animated(format: 'gif' | 'webp', width: number, height: number, frames: number, delay = 100) {
  const frame = width * height * 3
  const pixels = Buffer.alloc(frame * frames)
  for (let i = 0; i < frames; i++) {
    const colour = [0, 0, 0]
    colour[i % 3] = 255 - Math.floor(i / 3) // each frame differs, so no encoder merges two
    for (let at = i * frame; at < (i + 1) * frame; at += 3) pixels.set(colour, at)
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .toFormat(format, { delay: Array(frames).fill(delay), loop: 0 })
    .toBuffer()
}

/** A camera JPEG: stored 60 × 40 with EXIF saying "rotate 90° clockwise to show", and the camera's name. */
export async function photoJpeg() {
  const stored = await encoded('jpeg', 60, 40)
  return sharp(stored)
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'Pocket 3000', Copyright: 'Somebody' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer()
}

/** A 1×1 image at the canvas's top-left with its own 2-colour table, LZW data, and no trailer. */
const onePixelFrame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 255, 0, 0, 0, 0, 255, 0x02, 0x02, 0x44, 0x01, 0x00]

/** A GIF canvas of this size with `frames` frames, each a 1-pixel image: tiny to send, large to decode. */
export const manyFrameGif = (width: number, height: number, frames: number) =>
  bytesOf(
    'GIF89a',
    [...u16le(width), ...u16le(height), 0, 0, 0],
    ...Array.from({ length: frames }, () => [0x21, 0xf9, 4, 0, 10, 0, 0, 0, ...onePixelFrame]),
    ';',
  )

// A GIF that is also a script: GIF89a, tab, tab, =, tab, then a JavaScript
// block comment that a GIF comment extension closes before `1;alert(1);` and
// reopens, closed in turn after the trailer. As a script it assigns and calls
// alert(1). The canvas size bytes (tab tab, = tab) make it 2313 × 2365, within
// the limits; the screen descriptor's flags and background bytes open the comment.
export const SCRIPT = 'alert(1)'
const closeRunReopen = `*/1;${SCRIPT};/*`
export const gifScriptPolyglot = () =>
  bytesOf(
    'GIF89a',
    '\t\t',
    '=\t',
    '/*',
    [0, 0x21, 0xfe, closeRunReopen.length],
    closeRunReopen,
    [0],
    onePixelFrame,
    ';*/',
  )

// The classic form, GIF89a then a comment closed by `=1;alert(1)//` in a GIF
// comment extension: its size bytes (slash, star) make it 10,799 pixels wide.
const closeAndRun = `*/=1;${SCRIPT}//`
export const wideGifScriptPolyglot = () =>
  bytesOf(
    'GIF89a',
    '/*',
    [1, 0, 0, 0, 0, 0x21, 0xfe, closeAndRun.length],
    closeAndRun,
    [0],
    onePixelFrame,
    ';',
  )

export const HTML = '<html><body><script>alert(document.domain)</script></body></html>'

/** A real PNG carrying an HTML page in a tEXt chunk. */
export const pngWithHtmlText = (width: number, height: number) =>
  withPngChunk(png(width, height), 'tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'))

/** A real PNG with an HTML page after its IEND. */
export const pngWithHtmlAfterEnd = (width: number, height: number) =>
  Buffer.concat([png(width, height), Buffer.from(HTML)])

/** A multipart form with the file in `file` (and an optional client id), as the client sends an upload. */
export function imageForm(bytes: Buffer, filename: string, id?: string, type = 'image/png') {
  const form = new FormData()
  if (id) form.set('id', id)
  form.set('file', new Blob([bytes], { type }), filename)
  return form
}
