/**
 * What says a record being added or edited may already exist, from its entity's fields' `duplicate`
 * roles (fields.ts): each field's value as it is compared (its key), and whether a stored record's
 * values match. The device looks through its list index with it (src/db/duplicates.ts), offline too.
 */
import { type CollectionName, collections } from './collections'
import type { DuplicateRole } from './fields'
import { digitsOf, foldText } from './fold'

/** Fewer digits than this say too little to call two phone numbers the same. */
const MIN_DIGITS = 7

export interface DuplicateField {
  field: string
  role: DuplicateRole
  /** The value as it is compared. */
  key: string
  /** A relation: its key is the id of the record it names, which no search text holds. */
  relation: boolean
}

/** What a record's values are checked by: each `alone` field, and the `together` fields as one, when all are set. */
export interface DuplicateProbe {
  alone: DuplicateField[]
  together: DuplicateField[]
}

/** A value as it is compared: null when empty, or too short to say anything. */
export function duplicateKey(value: unknown, as: DuplicateRole['as']): string | null {
  // A relation is compared by the record it names.
  const raw = typeof value === 'string' ? value : (value as { value?: unknown } | null | undefined)?.value
  if (typeof raw !== 'string') return null
  // As the top bar's search compares: letter case and accents aside.
  const text = foldText(raw.trim())
  if (text === '') return null
  if (as === 'digits') {
    const digits = digitsOf(text)
    return digits.length >= MIN_DIGITS ? digits : null
  }
  if (as === 'web')
    return (
      text
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/^www\./, '')
        .replace(/\/+$/, '') || null
    )
  return text
}

const rolesOf = (collection: CollectionName) =>
  Object.entries(collections[collection].fields ?? {}).flatMap(([field, definition]) =>
    definition.duplicate
      ? [{ field, role: definition.duplicate, relation: definition.relation !== undefined }]
      : [],
  )

/** The values to look for, or null when the entity has no duplicate roles or nothing to look for is typed. */
export function duplicateProbe(
  collection: CollectionName,
  values: Record<string, unknown>,
): DuplicateProbe | null {
  const alone: DuplicateField[] = []
  const together: DuplicateField[] = []
  let togetherComplete = true
  for (const { field, role, relation } of rolesOf(collection)) {
    const key = duplicateKey(values[field], role.as)
    if (role.match === 'alone') {
      if (key !== null) alone.push({ field, role, key, relation })
    } else if (key === null) togetherComplete = false
    else together.push({ field, role, key, relation })
  }
  const probe = { alone, together: togetherComplete ? together : [] }
  return probe.alone.length || probe.together.length ? probe : null
}

/** The fields of `collection` that tell duplicates: how each is compared, and whether it is a relation. */
export const duplicateRoles = (collection: CollectionName) => rolesOf(collection)

/** Whether any field of `collection` takes part in finding duplicates. */
export const findsDuplicates = (collection: CollectionName) => rolesOf(collection).length > 0
