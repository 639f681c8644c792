/**
 * Scales a chosen photo down on the device before it is kept. A phone camera's
 * 4000 px JPEG is several megabytes: stored as it is, it fills the device's
 * offline storage and can pass the server's upload limit, and every byte of it
 * waits in the outbox for a connection. A catalog picture needs no more than
 * `maxSide` pixels a side, so anything larger is redrawn at that size first.
 *
 * It never stands in the way of a save: when the browser cannot decode or
 * encode the file here (no createImageBitmap, as in jsdom, or a format it does
 * not read), the original is kept and the server re-encodes it as usual.
 */

/** JPEG and WebP quality: visually the same as the camera's, at a fraction of the size. */
const QUALITY = 0.9

export async function prepareImage(file: File, maxSide = 2048): Promise<File> {
  // A canvas keeps only the first frame: redrawing a GIF would drop its animation.
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    // Decoding applies the photo's EXIF orientation, so the redrawn copy stands the right way up.
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  try {
    const { width, height } = bitmap
    if (width <= maxSide && height <= maxSide) return file
    const scale = maxSide / Math.max(width, height)
    const size = {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    }
    const blob = await draw(bitmap, size, file.type)
    // A browser that cannot write this type answers with a PNG instead (Safari and WebP): a PNG under a
    // .webp name would be larger than the original and misnamed, so the original is kept then.
    if (!blob || blob.type !== file.type) return file
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    bitmap.close()
  }
}

/** Draws the bitmap at the given size and encodes it; off the page's DOM where the browser allows. */
async function draw(bitmap: ImageBitmap, size: { width: number; height: number }, type: string) {
  const quality = type === 'image/jpeg' || type === 'image/webp' ? QUALITY : undefined
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height)
    // An OffscreenCanvas without a 2d context (some older browsers) leaves the work to the page's canvas.
    const context = canvas.getContext('2d')
    if (context) {
      paint(context, bitmap, size)
      return canvas.convertToBlob({ type, quality })
    }
  }
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) return null
  paint(context, bitmap, size)
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  size: { width: number; height: number },
) {
  // The default smoothing is tuned for speed; a large step down looks jagged without the better filter.
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, size.width, size.height)
}
