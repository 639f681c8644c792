/**
 * How large an uploaded image may be in pixels: at most 10,000 on a side and
 * 40 megapixels in all, every frame of an animation counted. That takes any
 * camera or phone photo of today (a 48 MP sensor saves 12 or 24 MP unless told
 * otherwise) and keeps the decoded image under ~160 MB of RGBA. Bytes are
 * capped apart (UPLOAD_MAX_BYTES), but a few kilobytes of compressed data can
 * claim gigapixels, so the size a header declares is checked before anything
 * is decoded, and the decoder is held to the same limit (a GIF's frames may
 * be larger than the canvas its header declares, an animation has many).
 */
import { tooLargeBecause } from '../refusals'

export const MAX_SIDE = 10_000
export const MAX_PIXELS = 40_000_000

const LIMITS =
  'images may be at most 10,000 pixels on a side and 40 megapixels (all frames of an animation together)'

/** The refusal of an image beyond the limits (a 413), with its size when known. */
export const tooManyPixels = (size?: { width: number; height: number }) =>
  tooLargeBecause(
    size
      ? `The image is ${size.width} × ${size.height} pixels; ${LIMITS}.`
      : `The image is too large; ${LIMITS}.`,
  )

/** Refuses the image (a 413) unless the declared size is within the limits. */
export function checkSize(size: { width: number; height: number }): void {
  const { width, height } = size
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) throw tooManyPixels(size)
}
