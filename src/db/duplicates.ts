/**
 * The records a record being added or edited may duplicate, found in its collection's list index
 * (mirror-index.ts): every row, packed ones included, from memory, offline too. The entity's fields
 * say what counts (src/domain/duplicates.ts). Candidates come from joined texts, one string search
 * each, where looking at 100,000 entries one by one took ~90 ms (BENCHMARKS.md, "Duplicates while
 * typing"): a field that tells a duplicate alone (an email) from its own keys joined, the phone digits
 * and a name at a company from the texts the top bar's search joins. The few found are then compared
 * field by field.
 */
import type { CollectionName } from '../domain/collections'
import { type DuplicateField, type DuplicateProbe, duplicateKey, duplicateRoles } from '../domain/duplicates'
import type { Entry, ListedRow } from './index-entries'
import type { MirrorIndex } from './mirror-index'

export interface Duplicate {
  row: ListedRow
  /** How it matches: "the same email". */
  said: string
}

/** No more are shown: the person needs to see that one exists, not every one. */
const MOST = 3

type Looked = Pick<DuplicateField, 'field' | 'role' | 'relation'>

/** A text or web address that alone tells a duplicate (an email, a company's name): looked up by its own key. */
const keyedAlone = ({ role, relation }: Looked) => role.match === 'alone' && role.as !== 'digits' && !relation

/** An entry's key of `field`, as the looks compare it ('' for none: no line of the joined keys is empty when looked for). */
const keyOf =
  ({ field, role }: Looked) =>
  (entry: Entry) =>
    duplicateKey(entry.links?.[field] ?? entry.shown[field], role.as) ?? ''

/** Whether the entry's value of `field` compares equal to the probe's key. */
function same(entry: Entry, { field, role, key }: DuplicateField): boolean {
  // Every phone field's digits, a line each: a number typed as a mobile matches one stored as a phone.
  if (role.as === 'digits') return entry.phones.split('\n').includes(key)
  return keyOf({ field, role, relation: false })(entry) === key
}

/** The entries that may match `fields`: those whose search texts hold each text key, and each number. */
function candidates(index: MirrorIndex, fields: DuplicateField[]): Entry[] {
  const [only] = fields
  if (fields.length === 1 && only && keyedAlone(only))
    return index.entriesKeyed(only.field, keyOf(only), only.key)
  const texts = fields.filter((field) => field.role.as !== 'digits' && !field.relation)
  const digits = fields.filter((field) => field.role.as === 'digits')
  if (digits.length)
    return index.entriesHolding(
      'phones',
      digits.map((field) => field.key),
    )
  return texts.length
    ? index.entriesHolding(
        'found',
        texts.map((field) => field.key),
      )
    : []
}

/** Makes ready, ahead of the first look, the texts the looks for `collection`'s duplicates read (as `candidates` does). */
export function prepareDuplicateLooks(index: MirrorIndex, collection: CollectionName) {
  const looked = duplicateRoles(collection)
  const kinds = [
    ...(looked.some(({ role }) => role.as === 'digits') ? (['phones'] as const) : []),
    ...(looked.some((field) => field.role.match === 'together' && !field.relation)
      ? (['found'] as const)
      : []),
  ]
  index.joinAhead(
    kinds,
    looked.filter(keyedAlone).map((field) => [field.field, keyOf(field)]),
  )
}

export function findDuplicates(index: MirrorIndex, probe: DuplicateProbe, exceptId?: string): Duplicate[] {
  const found = new Map<string, Duplicate>()
  const note = (entry: Entry, said: string) => {
    if (entry.id !== exceptId && !found.has(entry.id) && found.size < MOST)
      found.set(entry.id, { row: entry.shown, said })
  }
  for (const field of probe.alone)
    for (const entry of candidates(index, [field])) if (same(entry, field)) note(entry, field.role.said)
  if (probe.together.length)
    for (const entry of candidates(index, probe.together))
      if (probe.together.every((field) => same(entry, field))) note(entry, probe.together[0]?.role.said ?? '')
  return [...found.values()]
}
