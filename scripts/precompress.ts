/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
 * the built app, once, after `vite build`: the server then sends the copy a
 * browser accepts (server/routes/static.ts) instead of compressing the same
 * bytes on every request, and can afford the slowest, smallest settings.
 *
 *   node --import tsx scripts/precompress.ts [dir]   (default: dist)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats the build emits; images and fonts are compressed already. */
const TEXT = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
])

export const ENCODINGS = [
  {
    suffix: '.br',
    compress: (bytes: Buffer) =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }) },
] as const

export interface Compressed {
  file: string
  bytes: number
  br?: number
  gz?: number
}

/**
 * Compresses every text file under dir. A copy that would not be smaller is
 * not written, so the server sends the original for it.
 */
export function precompress(dir: string): Compressed[] {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
  return files.map((file) => {
    const bytes = readFileSync(file)
    const result: Compressed = { file: file.slice(dir.length + 1), bytes: bytes.length }
    for (const { suffix, compress } of ENCODINGS) {
      const packed = compress(bytes)
      if (packed.length >= bytes.length) continue
      writeFileSync(file + suffix, packed)
      result[suffix === '.br' ? 'br' : 'gz'] = packed.length
    }
    return result
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? 'dist')
  const results = precompress(dir)
  const total = (key: 'bytes' | 'br' | 'gz') => results.reduce((sum, r) => sum + (r[key] ?? r.bytes), 0)
  console.log(
    `precompressed ${results.length} files in ${dir}: ${total('bytes')} bytes, ` +
      `${total('gz')} gzip, ${total('br')} brotli`,
  )
}
