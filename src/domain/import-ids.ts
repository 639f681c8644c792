/**
 * The ids an import gives the records it makes: each from the import's own random key and the line of
 * the row that makes it, so an import stopped halfway (a closed tab, a crash) and started again makes
 * the same ids, finds the records it already made, and never makes a row twice. They are UUIDs of
 * RFC 9562's version 8 (its own layout), which the server takes as any client's id.
 */

/** What the record made from a line is: the row's own record, or one it points at (a new company). */
export type ImportSpace = 'rows' | 'related'

const SPACE_DIGIT: Record<ImportSpace, string> = { rows: '0', related: '1' }

/** 80 random bits, as 20 hex digits: one import's key. */
export function newImportKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What every id `key` makes in `space` begins with. */
function prefixOf(key: string, space: ImportSpace) {
  return `${key.slice(0, 8)}-${key.slice(8, 12)}-8${key.slice(12, 15)}-8${key.slice(15, 18)}-${key.slice(18, 20)}${SPACE_DIGIT[space]}`
}

/** The id of the record the import `key` makes from `line` (up to 68 billion lines). */
export const importedId = (key: string, space: ImportSpace, line: number) =>
  prefixOf(key, space) + line.toString(16).padStart(9, '0')
