/**
 * Every upload is decoded and encoded anew in its own format, and only what
 * the encoder wrote is stored: whatever rode along in the file (an HTML page
 * in a PNG text chunk or after its end, a script in a GIF comment, EXIF with a
 * camera's serial number or a location) is gone, so what is served is an
 * image and nothing else. Checking a file's structure could not promise that;
 * an encoder writes only pixels and the few fields a viewer needs.
 *
 * EXIF orientation is applied to the pixels, as the tag goes with the rest of
 * the metadata; colours are converted to sRGB (sharp's default without
 * metadata). Animated GIF and WebP stay animated; an animated PNG keeps its
 * still image (libvips reads no APNG frames).
 */
import type { OutputInfo, Sharp, SharpOptions } from 'sharp'
import { Refused, tooLargeBecause, unreadableBecause } from '../refusals'
import { checkSize, MAX_PIXELS, tooManyPixels } from './limits'
import type { SniffedImage } from './sniff'

export interface EncodedImage {
  mimeType: SniffedImage['mimeType']
  /** Upright (a turned photo swaps them); one frame's of an animation. */
  width: number
  height: number
  bytes: Buffer
}

/**
 * libvips is loaded at the first upload, not at start: it adds ~0.1 s to every
 * start (a fifth of the budget) for a feature most starts never use.
 */
let loaded: Promise<typeof import('sharp').default> | undefined
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // No upload is processed twice: libvips's operation cache would only hold decoded images in memory.
    sharp.cache(false)
    // One libvips thread per re-encoding (AT_ONCE below).
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}

const FORMATS = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const

/**
 * The worst this server met was ~23 s for a 40-megapixel lossless WebP (2 cores);
 * a file that takes far longer is hostile or more than the server can afford.
 */
const TIMEOUT_SECONDS = 60

const INPUT: SharpOptions = {
  limitInputPixels: MAX_PIXELS, // the decoder's own check: frames beyond the canvas, all frames together
  // Refuse truncated and corrupt data, but not the cosmetic warnings many camera files raise.
  failOn: 'error',
  animated: true,
  autoOrient: true,
}

/** The same format, at a quality where re-encoding is not visible; lossless stays lossless. */
function encode(pipeline: Sharp, image: SniffedImage, palette: boolean): Sharp {
  switch (image.mimeType) {
    case 'image/png':
      // A palette PNG (a logo, a screenshot) stays one: as RGBA it would be several times larger.
      return pipeline.png({ adaptiveFiltering: true, palette })
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90 })
    case 'image/webp':
      return pipeline.webp(image.lossless ? { lossless: true } : { quality: 90 })
    case 'image/gif':
      return pipeline.gif()
  }
}

const unreadable = (image: SniffedImage) =>
  unreadableBecause(
    `The ${FORMATS[image.mimeType].toUpperCase()} image could not be read: the file is damaged or incomplete.`,
  )

/**
 * At most this many re-encodings at once per process, the rest wait their turn: a burst of
 * uploads (an offline device catching up) then costs one core each, and requests for
 * everything else are still answered. libvips's own threads are capped to match.
 */
const AT_ONCE = 2
let running = 0
const waiting: (() => void)[] = []

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished turn hands its slot straight to the next in line, so no newcomer can slip in between.
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** The image re-encoded; 413 beyond the pixel limits (checked before decoding), 415 if it does not decode. */
export async function reencode(bytes: Buffer, image: SniffedImage): Promise<EncodedImage> {
  checkSize(image) // the size its header declares, before the decoder reads a pixel
  return inTurn(() => decodeAndEncode(bytes, image))
}

async function decodeAndEncode(bytes: Buffer, image: SniffedImage): Promise<EncodedImage> {
  try {
    const sharp = await loadSharp()
    const input = sharp(bytes, INPUT)
    const metadata = await input.metadata()
    // The decoder must agree with the sniffer on what the file is.
    if (metadata.format !== FORMATS[image.mimeType]) throw unreadable(image)
    const { data, info } = await encode(input, image, metadata.isPalette)
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true })
    // An animation is encoded as its frames stacked; sharp gives one frame's height (not in its types).
    const { pageHeight } = info as OutputInfo & { pageHeight?: number }
    return { mimeType: image.mimeType, width: info.width, height: pageHeight ?? info.height, bytes: data }
  } catch (error) {
    if (error instanceof Refused) throw error
    const message = error instanceof Error ? error.message : ''
    if (message.includes('exceeds pixel limit')) throw tooManyPixels()
    if (message.startsWith('timeout'))
      throw tooLargeBecause('The image takes too long to process; send a smaller one.')
    // Anything else the decoder says is about the file: a 4xx, never a 500.
    throw unreadable(image)
  }
}
