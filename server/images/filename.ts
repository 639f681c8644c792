/**
 * Stored filenames: they become URLs (/images/{folder}/{filename}), so they are
 * reduced to [a-z0-9._-], capped in length, and given the extension of the
 * file's real type. Each then gets a random part (in hex, so names stay
 * [a-z0-9._-]), so that knowing what a colleague called their photo is no way
 * to its URL, and no two names clash.
 */
import { randomBytes } from 'node:crypto'
import type { SniffedImage } from './sniff'

const MAX_STEM = 80

/** 'My Photo (1).PNG' of a JPEG → 'my-photo-1.jpg'; any path in the name is dropped. */
export function safeFilename(original: string | undefined, image: Pick<SniffedImage, 'extensions'>): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? ''
  const plain = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: 'é' → 'e'
    .toLowerCase()
  const dot = plain.lastIndexOf('.')
  const given = dot > 0 ? plain.slice(dot + 1) : ''
  const stem =
    (dot > 0 ? plain.slice(0, dot) : plain)
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/^[-._]+/, '')
      .slice(0, MAX_STEM)
      .replace(/[-._]+$/, '') || 'image'
  const extension = image.extensions.includes(given) ? given : (image.extensions[0] ?? 'img')
  return `${stem}.${extension}`
}

/** 128 bits: beyond guessing, and beyond any chance of two names meeting. */
const RANDOM_BYTES = 16

/** 'my-photo.jpg' → 'my-photo-<32 random hex digits>.jpg': still readable, never guessable. */
export function withRandomPart(safeName: string): string {
  const dot = safeName.lastIndexOf('.')
  const random = randomBytes(RANDOM_BYTES).toString('hex')
  return `${safeName.slice(0, dot)}-${random}${safeName.slice(dot)}`
}
