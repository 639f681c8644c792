/**
 * What an uploaded file really is, read from its first bytes, never from its
 * name or the Content-Type the client claims: PNG, JPEG, WebP or GIF with
 * their pixel size, or undefined for anything else (a text file renamed .png).
 * Only headers are read; nothing is decoded, so a hostile file costs nothing.
 */

export interface SniffedImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif'
  /** Extensions that name this type; the first is the one we give. */
  extensions: readonly string[]
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length))
const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16)
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2)

function png(b: Uint8Array): SniffedImage | undefined {
  if (b.length < 24 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return undefined
  // The first chunk must be IHDR: width and height as 32-bit big-endian.
  if (ascii(b, 12, 4) !== 'IHDR') return undefined
  return { mimeType: 'image/png', extensions: ['png'], width: be32(b, 16), height: be32(b, 20) }
}

function gif(b: Uint8Array): SniffedImage | undefined {
  const signature = ascii(b, 0, 6)
  if (b.length < 10 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return undefined
  return { mimeType: 'image/gif', extensions: ['gif'], width: le16(b, 6), height: le16(b, 8) }
}

function webp(b: Uint8Array): SniffedImage | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined
  const base = { mimeType: 'image/webp', extensions: ['webp'] } as const
  switch (ascii(b, 12, 4)) {
    case 'VP8 ': // lossy: a key frame's start code, then 14-bit sizes
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined
      return { ...base, width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff }
    case 'VP8L': {
      // lossless: signature 0x2f, then width-1 and height-1 in 14 bits each
      if (b[20] !== 0x2f) return undefined
      const bits = le16(b, 21) + le16(b, 23) * 65536
      return { ...base, width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 16384) & 0x3fff) + 1 }
    }
    case 'VP8X': // extended: canvas width-1 and height-1 in 24 bits each
      return { ...base, width: le24(b, 24) + 1, height: le24(b, 27) + 1 }
    default:
      return undefined
  }
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function jpeg(b: Uint8Array): SniffedImage | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined
  let at = 2
  // Every step moves forward by at least two bytes, so this ends on any input.
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined
    const marker = b[at + 1] ?? 0
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // end of image or scan before any frame
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2 // markers without a length
      continue
    }
    const length = be16(b, at + 2)
    if (length < 2) return undefined
    if (isStartOfFrame(marker)) {
      return {
        mimeType: 'image/jpeg',
        extensions: ['jpg', 'jpeg'],
        width: be16(b, at + 7),
        height: be16(b, at + 5),
      }
    }
    at += 2 + length
  }
  return undefined
}

/** Larger sides are lies in a header (and would not fit the integer columns). */
const MAX_SIDE = 1_000_000

/** The image type and size, or undefined unless it is a PNG, JPEG, WebP or GIF with a real size. */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  const image = png(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? gif(bytes)
  const sides = [image?.width ?? 0, image?.height ?? 0]
  if (!image || sides.some((side) => side < 1 || side > MAX_SIDE)) return undefined
  return image
}
