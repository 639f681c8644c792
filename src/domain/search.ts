/**
 * The `like` operator as the server applies it (docs/api.md, Payload ≥ 1.10):
 * every space-separated word must occur, case-insensitively, anywhere in the
 * value, in any order. The client filters its mirror with the same function so
 * a search shows the same rows offline as online.
 */

import { type RichTextNode, toPlainText } from './rich-text'

export function searchWords(text: string): string[] {
  return text.toLocaleLowerCase().split(/\s+/).filter(Boolean)
}

/** where[or][i][field][like]=text over the given fields, as the list screens send it. */
export function orLike(fields: readonly string[], text: string) {
  return { or: fields.map((field) => ({ [field]: { like: text } })) }
}

/**
 * The mirror's search: every word must occur in at least one of the fields.
 * This is a superset of the server's or-of-likes (where one field must hold
 * every word), so "ada lovelace" finds Ada Lovelace offline too, and every row
 * the server answers for the same text is also shown locally.
 */
export function matchesAcross(record: Record<string, unknown>, fields: readonly string[], words: string[]) {
  if (words.length === 0) return true
  const text = searchableText(record, fields)
  return words.every((word) => text.includes(word))
}

/**
 * The searched fields of a record as one lowercase text, a line per field
 * (rich text as its plain text, as the server searches it). A word never
 * holds a line break, so it occurs in this text exactly when it occurs in
 * one of the fields.
 */
export function searchableText(record: Record<string, unknown>, fields: readonly string[]): string {
  return fields
    .map((field) => {
      const value = record[field]
      if (typeof value === 'string') return value
      return Array.isArray(value) ? toPlainText(value as RichTextNode[]) : ''
    })
    .join('\n')
    .toLocaleLowerCase()
}
