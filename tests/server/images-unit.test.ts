import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { firstFree, safeFilename } from '../../server/images/filename'
import { sniffImage } from '../../server/images/sniff'
import { gif, jpeg, ONE_PIXEL_PNG, png, webpExtended, webpLossless, webpLossy } from './image-fixtures'

describe('sniffImage', () => {
  it.each([
    ['png', png(640, 480), 'image/png', 640, 480],
    ['real png', ONE_PIXEL_PNG, 'image/png', 1, 1],
    ['gif', gif(32, 16), 'image/gif', 32, 16],
    ['jpeg', jpeg(1024, 768), 'image/jpeg', 1024, 768],
    ['webp lossy', webpLossy(300, 200), 'image/webp', 300, 200],
    ['webp lossless', webpLossless(300, 200), 'image/webp', 300, 200],
    ['webp extended', webpExtended(4000, 3000), 'image/webp', 4000, 3000],
  ])('reads the type and size of a %s from its header', (_, bytes, mimeType, width, height) => {
    expect(sniffImage(bytes)).toMatchObject({ mimeType, width, height })
  })

  it('refuses text, SVG, truncated headers and zero sizes', () => {
    for (const bytes of [
      Buffer.from('just some text pretending to be a png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      png(10, 10).subarray(0, 20),
      png(0, 10),
      gif(10, 0),
      jpeg(10, 10).subarray(0, 12),
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

  it('suffixes clashes -1, -2 before the extension', () => {
    expect(firstFree('logo.png', new Set())).toBe('logo.png')
    expect(firstFree('logo.png', new Set(['logo.png']))).toBe('logo-1.png')
    expect(firstFree('logo.png', new Set(['logo.png', 'logo-1.png']))).toBe('logo-2.png')
  })
})
