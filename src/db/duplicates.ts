/**
 * The records a record being added or edited may duplicate, found in its collection's list index
 * (mirror-index.ts): every row, packed ones included, from memory, offline too. The entity's fields
 * say what counts (src/domain/duplicates.ts); each row is looked at cheaply first (a length, a
 * substring), so a pass over 100,000 contacts stays within a frame (BENCHMARKS.md).
 */
import { type DuplicateField, type DuplicateProbe, duplicateKey } from '../domain/duplicates'
import type { Entry, ListedRow } from './index-entries'
import type { MirrorIndex } from './mirror-index'

export interface Duplicate {
  row: ListedRow
  /** How it matches: "the same email". */
  said: string
}

/** No more are shown: the person needs to see that one exists, not every one. */
const MOST = 3

/** Whether the entry's value of `field` compares equal to the probe's key. */
function same(entry: Entry, { field, role, key }: DuplicateField): boolean {
  if (role.as === 'digits') {
    // Every phone field's digits, a line each: a number typed as a mobile matches one stored as a phone.
    if (!entry.phones.includes(key)) return false
    return entry.phones.split('\n').includes(key)
  }
  const value = entry.links?.[field] ?? entry.shown[field]
  if (typeof value !== 'string') return false
  // Stored values are trimmed: a length apart, they differ; only equal lengths are compared.
  if (role.as === 'text' && value.length !== key.length) return false
  if (role.as === 'web' && value.length < key.length) return false
  return duplicateKey(value, role.as) === key
}

export function findDuplicates(index: MirrorIndex, probe: DuplicateProbe, exceptId?: string): Duplicate[] {
  const found: Duplicate[] = []
  index.forEachEntry((entry) => {
    if (entry.id === exceptId) return false
    const alone = probe.alone.find((field) => same(entry, field))
    const said =
      alone?.role.said ??
      (probe.together.length && probe.together.every((field) => same(entry, field))
        ? probe.together[0]?.role.said
        : undefined)
    if (said) found.push({ row: entry.shown, said })
    return found.length >= MOST
  })
  return found
}
