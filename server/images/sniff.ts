/**
 * What an uploaded file really is, read from its first bytes, never from its
 * name or the Content-Type the client claims: PNG, JPEG, WebP or GIF with
 * their pixel size, or undefined for anything else (a text file renamed .png).
 * Only headers are read; nothing is decoded, so a hostile file costs nothing.
 * Whether the size is acceptable is for limits.ts to say.
 */

export interface SniffedImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif'
  /** Extensions that name this type; the first is the one we give. */
  extensions: readonly string[]
  width: number
  height: number
  /** A WebP stored without loss (VP8L): its re-encoding must not lose anything either. */
  lossless?: boolean
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length))
const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16)
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2)
const le32 = (b: Uint8Array, at: number) => le16(b, at) + le16(b, at + 2) * 65536

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

/** Whether the image of an extended WebP is VP8L: its chunks after VP8X are walked to the first image chunk. */
function extendedIsLossless(b: Uint8Array): boolean {
  // Every step moves forward by at least eight bytes, so this ends on any input.
  for (let at = 30; at + 8 <= b.length; ) {
    const type = ascii(b, at, 4)
    if (type === 'VP8L') return true
    if (type === 'VP8 ' || type === 'ANMF') return false // lossy, or animation frames (treated as lossy)
    const size = le32(b, at + 4)
    at += 8 + size + (size % 2) // chunks are padded to an even size
  }
  return false
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
      const size = { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 16384) & 0x3fff) + 1 }
      return { ...base, ...size, lossless: true }
    }
    case 'VP8X': // extended: canvas width-1 and height-1 in 24 bits each
      return { ...base, width: le24(b, 24) + 1, height: le24(b, 27) + 1, lossless: extendedIsLossless(b) }
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

/** The image type and declared size, or undefined unless it is a PNG, JPEG, WebP or GIF of at least 1 × 1. */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  const image = png(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? gif(bytes)
  if (!image || image.width < 1 || image.height < 1) return undefined
  return image
}
