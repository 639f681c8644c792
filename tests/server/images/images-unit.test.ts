import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../server/http/errors'
import { answerOf } from '../../../server/http/refusals'
import { safeFilename, withRandomPart } from '../../../server/images/filename'
import { checkSize, MAX_PIXELS, MAX_SIDE } from '../../../server/images/limits'
import { reencode } from '../../../server/images/reencode'
import { sniffImage } from '../../../server/images/sniff'
import { Refused } from '../../../server/refusals'
import {
  animated,
  encoded,
  gifHeader,
  jpegHeader,
  manyFrameGif,
  noisyPng,
  ONE_PIXEL_PNG,
  png,
  pngHeader,
  webpExtendedHeader,
  webpLosslessHeader,
  webpLossyHeader,
} from '../image-fixtures'

/** What the client is answered for an error the images code throws: its refusal as HTTP words it. */
const answered = (error: unknown) => (error instanceof Refused ? answerOf(error) : (error as ApiError))

describe('sniffImage', () => {
  it.each([
    ['png', png(640, 480), 'image/png', 640, 480],
    ['real png', ONE_PIXEL_PNG, 'image/png', 1, 1],
    ['png header', pngHeader(1_000_000, 1_000_000), 'image/png', 1_000_000, 1_000_000],
    ['gif', gifHeader(32, 16), 'image/gif', 32, 16],
    ['jpeg', jpegHeader(1024, 768), 'image/jpeg', 1024, 768],
    ['webp lossy', webpLossyHeader(300, 200), 'image/webp', 300, 200],
    ['webp lossless', webpLosslessHeader(300, 200), 'image/webp', 300, 200],
    ['webp extended', webpExtendedHeader(4000, 3000), 'image/webp', 4000, 3000],
  ])('reads the type and size of a %s from its header', (_, bytes, mimeType, width, height) => {
    expect(sniffImage(bytes)).toMatchObject({ mimeType, width, height })
  })

  it('refuses text, SVG, truncated headers and zero sizes', () => {
    for (const bytes of [
      Buffer.from('just some text pretending to be a png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      png(10, 10).subarray(0, 20),
      pngHeader(0, 10),
      gifHeader(10, 0),
      jpegHeader(10, 10).subarray(0, 12),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImage(bytes)).toBeUndefined()
    }
  })

  it('never throws or hangs on arbitrary bytes, even behind a valid signature', () => {
    const prefixes = [
      [],
      [0xff, 0xd8],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [...Buffer.from('RIFF....WEBP')],
    ]
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 400 }), (prefix, rest) => {
        const image = sniffImage(Buffer.from([...prefix, ...rest]))
        if (image) expect(image.width).toBeGreaterThan(0)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('safeFilename', () => {
  const pngType = { extensions: ['png'] }
  const jpegType = { extensions: ['jpg', 'jpeg'] }
  it.each([
    ['My Photo (1).PNG', pngType, 'my-photo-1.png'],
    ['../../etc/passwd', pngType, 'passwd.png'],
    ['..\\..\\windows\\system32\\evil.exe', pngType, 'evil.png'],
    ['Café Crème.jpeg', jpegType, 'cafe-creme.jpeg'],
    ['logo.png', jpegType, 'logo.jpg'],
    ['.hidden', pngType, 'hidden.png'],
    ['', pngType, 'image.png'],
    ['日本語.png', pngType, 'image.png'],
    ['a..b...c.png', pngType, 'a.b.c.png'],
  ])('%s → %s', (original, type, expected) => {
    expect(safeFilename(original, type)).toBe(expected)
  })

  it('caps the length and keeps only [a-z0-9._-]', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (original) => {
        const name = safeFilename(original, pngType)
        expect(name).toMatch(/^[a-z0-9][a-z0-9._-]*\.png$/)
        expect(name.length).toBeLessThanOrEqual(84)
        expect(name).not.toContain('..')
      }),
      { numRuns: 1000 },
    )
  })

  it('withRandomPart adds 128 random bits (32 hex digits) before the extension', () => {
    const names = Array.from({ length: 1000 }, () => withRandomPart('logo.tar.png'))
    for (const name of names) expect(name).toMatch(/^logo\.tar-[0-9a-f]{32}\.png$/)
    expect(new Set(names).size).toBe(names.length)
    // Every digit takes all 16 values over 1000 names: random throughout, not a counter or a clock.
    for (let at = 9; at < 41; at++) expect(new Set(names.map((name) => name[at])).size).toBe(16)
  })
})

describe('sniffImage: WebP compression', () => {
  it('tells a lossless WebP (VP8L, or VP8X with a VP8L image) from a lossy one', async () => {
    const lossless = await sharp(png(16, 16)).webp({ lossless: true }).toBuffer()
    const extended = await sharp(png(16, 16))
      .webp({ lossless: true })
      .withExif({ IFD0: { Make: 'x' } })
      .toBuffer()
    const lossy = await sharp(png(16, 16)).webp({ quality: 80 }).toBuffer()
    expect(extended.subarray(12, 16).toString('latin1')).toBe('VP8X')
    expect(sniffImage(lossless)?.lossless).toBe(true)
    expect(sniffImage(extended)?.lossless).toBe(true)
    expect(sniffImage(lossy)?.lossless).toBeFalsy()
  })
})

describe('checkSize: the pixel limits', () => {
  it(`takes up to ${MAX_SIDE} pixels a side and ${MAX_PIXELS / 1e6} megapixels`, () => {
    expect(() => checkSize({ width: MAX_SIDE, height: MAX_PIXELS / MAX_SIDE })).not.toThrow()
    expect(() => checkSize({ width: 1, height: MAX_SIDE })).not.toThrow()
  })

  it.each([
    [MAX_SIDE + 1, 1],
    [1, MAX_SIDE + 1],
    [7000, 6000],
    [1_000_000, 1_000_000],
  ])('refuses %i × %i with 413 and a message naming the limit', (width, height) => {
    const error = (() => {
      try {
        checkSize({ width, height })
      } catch (thrown) {
        return answered(thrown)
      }
    })()
    expect(error).toBeInstanceOf(ApiError)
    expect(error?.statusCode).toBe(413)
    expect(error?.message).toContain(`${width} × ${height} pixels`)
    expect(error?.message).toContain('10,000 pixels on a side and 40 megapixels')
  })
})

describe('reencode', () => {
  const reencoded = (bytes: Buffer) => {
    const image = sniffImage(bytes)
    if (!image) throw new Error('not an image')
    return reencode(bytes, image)
  }
  const refusal = (bytes: Buffer) =>
    reencoded(bytes).then(
      () => undefined,
      (error: unknown) => answered(error),
    )

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('keeps a %s in its format and size', async (format) => {
    const input = await encoded(format, 33, 21)
    const output = await reencoded(input)
    expect(output).toMatchObject({ mimeType: `image/${format}`, width: 33, height: 21 })
    const decoded = await sharp(output.bytes).metadata()
    expect(decoded).toMatchObject({ format, width: 33, height: 21 })
  })

  it('refuses a size beyond the limits from the header, before decoding it', async () => {
    // A header alone: were it decoded, it would fail as damaged (415), not as too large (413).
    expect((await refusal(pngHeader(1_000_000, 1_000_000)))?.statusCode).toBe(413)
    expect((await refusal(pngHeader(MAX_SIDE + 1, 10)))?.statusCode).toBe(413)
  })

  it('refuses a GIF whose frame is far larger than the canvas its header declares (the decoder limit)', async () => {
    // 10 × 10 canvas, one 60,000 × 60,000 frame: the header passes, the decoder's pixel limit does not.
    const frame = [0x2c, 0, 0, 0, 0, 0x60, 0xea, 0x60, 0xea, 0x80, 255, 0, 0, 0, 0, 255, 2, 2, 0x44, 1, 0]
    const bomb = Buffer.from([...Buffer.from('GIF89a'), 10, 0, 10, 0, 0, 0, 0, ...frame, 0x3b])
    expect(sniffImage(bomb)).toMatchObject({ width: 10, height: 10 })
    const error = await refusal(bomb)
    expect(error?.statusCode).toBe(413)
    expect(error?.message).toContain('40 megapixels')
  })

  it('counts every frame of an animation against the pixel limit', async () => {
    // A 400 × 400 canvas shown 260 times (a 1-pixel frame each): 41.6 megapixels once decoded.
    const long = manyFrameGif(400, 400, 260)
    expect(sniffImage(long)).toMatchObject({ width: 400, height: 400 })
    expect((await refusal(long))?.statusCode).toBe(413)
  })

  it.each(['gif', 'webp'] as const)('keeps an animated %s animated, with its delays', async (format) => {
    const output = await reencoded(await animated(format, 12, 8, 3, 250))
    expect(output).toMatchObject({ width: 12, height: 8 })
    const decoded = await sharp(output.bytes, { animated: true }).metadata()
    expect(decoded).toMatchObject({ format, pages: 3, pageHeight: 8, delay: [250, 250, 250] })
  })

  it('keeps a lossless WebP lossless and a palette PNG a palette PNG', async () => {
    const lossless = await sharp(png(40, 30)).webp({ lossless: true }).toBuffer()
    const output = await reencoded(lossless)
    expect(sniffImage(output.bytes)?.lossless).toBe(true)
    const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer()
    expect((await pixels(output.bytes)).equals(await pixels(lossless))).toBe(true)
    const palette = await sharp(await encoded('png', 40, 30))
      .png({ palette: true })
      .toBuffer()
    expect((await sharp((await reencoded(palette)).bytes).metadata()).isPalette).toBe(true)
  })

  it('refuses damaged and truncated files with 415, never another error', async () => {
    const jpeg = await sharp(noisyPng(64, 48)).jpeg().toBuffer() // noise: most of its bytes are the scan
    const gif = await encoded('gif', 64, 48)
    const webp = await encoded('webp', 64, 48)
    const badCrc = png(8, 8)
    badCrc[40] = (badCrc[40] ?? 0) ^ 0xff // inside IDAT: the checksum no longer matches
    for (const bytes of [
      pngHeader(20, 10),
      png(64, 48).subarray(0, -30),
      badCrc,
      jpegHeader(20, 10),
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      gif.subarray(0, gif.length - 6),
      webp.subarray(0, webp.length - 10),
      webpLossyHeader(20, 10),
    ]) {
      const error = await refusal(bytes)
      expect(error, bytes.subarray(0, 4).toString('latin1')).toBeInstanceOf(ApiError)
      expect(error?.statusCode).toBe(415)
      expect(error?.message).toMatch(/could not be read/)
    }
  })
})
