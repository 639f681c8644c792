/**
 * Stored filenames: they become URLs (/images/{folder}/{filename}), so they are
 * reduced to [a-z0-9._-], capped in length, given the extension of the file's
 * real type, and made unique per kind with -1, -2… as Payload does.
 */
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

/** `name` itself when free, else the first free `stem-1.ext`, `stem-2.ext`… among `taken`. */
export function firstFree(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  const dot = name.lastIndexOf('.')
  const stem = name.slice(0, dot)
  const extension = name.slice(dot)
  for (let n = 1; ; n++) {
    const candidate = `${stem}-${n}${extension}`
    if (!taken.has(candidate)) return candidate
  }
}
