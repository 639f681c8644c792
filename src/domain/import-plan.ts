/**
 * What an import will do with each checked row, before it saves anything: make a record, update the
 * one it duplicates, skip it, or nothing (an import started again finds the rows it already made).
 * Duplicates are told by the entity's fields' `duplicate` roles (duplicates.ts), against the records
 * on the device and the rows above in the file; the person chooses what a duplicate does. A relation's
 * name is matched to a record of its target (letter case and accents aside), or that record is made
 * once, by the first row that needs it.
 */
import * as v from 'valibot'
import { type CollectionName, collections } from './collections'
import { duplicateKey, duplicateRoles } from './duplicates'
import { foldText } from './fold'
import { importedId } from './import-ids'
import type { ReadRow } from './import-rows'

/** What a row that duplicates a record, or a row above it, does. */
export type DuplicateChoice = 'skip' | 'update' | 'create'

/** A record of another collection the import makes for its rows (a contact's new company). */
export interface NewRelated {
  collection: CollectionName
  id: string
  values: Record<string, unknown>
}

export type PlannedRow =
  | { kind: 'create'; line: number; id: string; values: Record<string, unknown>; makes: NewRelated[] }
  | { kind: 'update'; line: number; id: string; values: Record<string, unknown>; makes: NewRelated[] }
  | { kind: 'skip'; line: number; said: string }
  | { kind: 'done'; line: number }

/** What the device holds, as the plan compares it. */
export interface Holdings {
  /** The record holding each duplicate key (`duplicateKeys`). */
  byKey: ReadonlyMap<string, string>
  /** Each relation field's target records by their folded name. */
  namesByField: ReadonlyMap<string, ReadonlyMap<string, string>>
  /** Whether the device holds a record of the collection with this id. */
  has: (id: string) => boolean
}

/**
 * The keys a record is told apart by: each `alone` field's (an email; phone numbers by their digits,
 * whichever phone field holds them), and the `together` fields' as one (a name at a company). `phones`
 * gives the digits of every phone field when the values do not hold them all (a list index's entry).
 */
export function duplicateKeys(
  collection: CollectionName,
  values: Record<string, unknown>,
  phones?: readonly string[],
): string[] {
  const keys: string[] = []
  const together: string[] = []
  let complete = true
  let digitsDone = false
  for (const { field, role } of duplicateRoles(collection)) {
    if (role.match === 'together') {
      const key = duplicateKey(values[field], role.as)
      if (key === null) complete = false
      else together.push(key)
    } else if (role.as === 'digits') {
      if (phones && !digitsDone)
        keys.push(...phones.filter((digits) => digits.length >= 7).map((d) => `#${d}`))
      else if (!phones) {
        const key = duplicateKey(values[field], 'digits')
        if (key !== null) keys.push(`#${key}`)
      }
      digitsDone = true
    } else {
      const key = duplicateKey(values[field], role.as)
      if (key !== null) keys.push(`${field}:${key}`)
    }
  }
  if (complete && together.length) keys.push(`=${together.join('\u0001')}`)
  return keys
}

/** How a duplicate key says why: "the same email". */
function saidOf(collection: CollectionName, key: string) {
  const roles = duplicateRoles(collection)
  const role = key.startsWith('#')
    ? roles.find((each) => each.role.as === 'digits')
    : key.startsWith('=')
      ? roles.find((each) => each.role.match === 'together')
      : roles.find((each) => key.startsWith(`${each.field}:`))
  return role?.role.said ?? 'the same values'
}

export interface ImportPlan {
  rows: PlannedRow[]
  creates: number
  updates: number
  skips: number
  /** Rows that duplicate a record on the device or a row above them, whatever is done with them. */
  duplicates: number
  /** Rows an earlier run of this import already saved. */
  done: number
  /** The records made for the rows' relations (new companies), by their names. */
  newRelated: string[]
}

export function planImport(
  collection: CollectionName,
  rows: readonly ReadRow[],
  holdings: Holdings,
  choice: DuplicateChoice,
  key: string,
): ImportPlan {
  const { relations, label } = collections[collection]
  const byKey = new Map(holdings.byKey)
  /** The row above that makes the record holding a key, by key: a later duplicate updates that record. */
  const rowByKey = new Map<string, { line: number; id: string }>()
  const made = new Map<string, NewRelated>()
  const newRelated: string[] = []
  const plan: ImportPlan = { rows: [], creates: 0, updates: 0, skips: 0, duplicates: 0, done: 0, newRelated }

  /** The row's relations as stored ({ relationTo, value }), and the records they need made first. */
  const related = (row: ReadRow) => {
    const values: Record<string, unknown> = {}
    const makes: NewRelated[] = []
    for (const [field, name] of Object.entries(row.names)) {
      const target = relations[field] as CollectionName
      const folded = foldText(name)
      let id = holdings.namesByField.get(field)?.get(folded) ?? made.get(`${field}\u0001${folded}`)?.id
      if (!id) {
        const createField = collections[collection].fields[field]?.relation?.createField
        // Only a relation's field has its cells read as names (import-rows.ts): anything else is a definition's mistake.
        if (!createField)
          throw new Error(
            `The ${label} field '${field}' was read as a relation's name, but its definition has no relation.createField to make one by`,
          )
        const values = v.parse(collections[target].schemas.create, { [createField]: name })
        const record = { collection: target, id: importedId(key, 'related', row.line), values }
        made.set(`${field}\u0001${folded}`, record)
        makes.push(record)
        newRelated.push(name)
        id = record.id
      }
      values[field] = { relationTo: target, value: id }
    }
    return { values, makes }
  }

  for (const row of rows) {
    const id = importedId(key, 'rows', row.line)
    if (holdings.has(id)) {
      plan.rows.push({ kind: 'done', line: row.line })
      plan.done++
      continue
    }
    // Named before the related records are made: a new company's contacts match only each other.
    const probe = { ...row.values }
    for (const [field, name] of Object.entries(row.names))
      probe[field] = holdings.namesByField.get(field)?.get(foldText(name)) ?? `new:${field}:${foldText(name)}`
    const keys = duplicateKeys(collection, probe)
    const matched = keys.find((each) => byKey.has(each) || rowByKey.has(each))
    if (matched !== undefined) plan.duplicates++
    if (matched !== undefined && choice !== 'create') {
      const above = rowByKey.get(matched)
      const where = above ? `line ${above.line}` : `a ${label} on this device`
      if (choice === 'skip') {
        plan.rows.push({ kind: 'skip', line: row.line, said: `${saidOf(collection, matched)} as ${where}` })
        plan.skips++
        continue
      }
      // The record it duplicates takes the values the row gives: one on the device, or one a row above makes
      // (written after it, so the update joins that row's queued create).
      const { values, makes } = related(row)
      const given = Object.fromEntries(row.given.map((field) => [field, values[field] ?? row.values[field]]))
      const target = above?.id ?? (byKey.get(matched) as string)
      plan.rows.push({ kind: 'update', line: row.line, id: target, values: given, makes })
      plan.updates++
      continue
    }
    const { values, makes } = related(row)
    const planned = {
      kind: 'create' as const,
      line: row.line,
      id,
      values: { ...row.values, ...values },
      makes,
    }
    plan.rows.push(planned)
    plan.creates++
    for (const each of keys) if (!rowByKey.has(each) && !byKey.has(each)) rowByKey.set(each, planned)
  }
  return plan
}
