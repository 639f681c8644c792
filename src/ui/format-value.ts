/**
 * A stored field value as one line of text, for places that show values of any
 * collection side by side (the conflict diff, what a deletion lost). Null means
 * "nothing there", which the caller shows in its own muted way.
 */
import { type RichTextNode, toPlainText } from '../domain/rich-text'

export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  // Rich text is an array of Slate nodes; other arrays are lists of plain values.
  if (Array.isArray(value)) {
    const text = value.every(isNode)
      ? toPlainText(value as RichTextNode[])
      : value.map(formatValue).filter(Boolean).join(', ')
    return text.trim() || null
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    // An image reference { id, filename }, or a relation { relationTo, value } as the server answers it.
    if (typeof record.filename === 'string') return record.filename
    if ('relationTo' in record) return formatValue(record.value)
    return JSON.stringify(value)
  }
  return String(value)
}

const isNode = (item: unknown) =>
  typeof item === 'object' && item !== null && ('children' in item || 'text' in item)

/** 'companyName' → 'Company Name', 'main_phone' → 'Main Phone': the label of a field no screen has named. */
export function humanize(field: string): string {
  return field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
}
