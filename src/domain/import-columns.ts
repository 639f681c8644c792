/**
 * What an import can fill from a spreadsheet's columns, from the entity's definition: every field but
 * an image (a file, not a cell). Each column of the file is mapped to one field or to none; the first
 * guess comes from the column's header, compared with each field's label, name and `aliases` the way
 * the search compares texts (letter case, accents, spaces and punctuation aside).
 */
import * as v from 'valibot'
import { type CollectionName, collections } from './collections'
import type { FieldDefinition } from './fields'
import { foldText } from './fold'

export interface ImportField {
  name: string
  label: string
  definition: FieldDefinition
  /** A create must have it (firstName, companyName): the import needs a column for it. */
  required: boolean
}

/** A column's field, by the column's place in the file; null: not imported. */
export type ColumnMapping = readonly (string | null)[]

/** A header or a name as compared: 'E-mail Address' and 'email_address' are the same. */
const headerKey = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, '')

/** The fields a create cannot leave out: the create schema's own refusal of an empty record says which. */
function requiredFields(collection: CollectionName): Set<string> {
  const parsed = v.safeParse(collections[collection].schemas.create, {})
  return new Set(parsed.success ? [] : parsed.issues.map((issue) => v.getDotPath(issue) ?? ''))
}

export function importFields(collection: CollectionName): ImportField[] {
  const required = requiredFields(collection)
  return Object.entries(collections[collection].fields)
    .filter(([, definition]) => definition.widget !== 'image')
    .map(([name, definition]) => ({
      name,
      label: definition.label,
      definition,
      required: required.has(name),
    }))
}

/**
 * Each column's field, guessed from its header: a label or a name first, then an alias, each field
 * given to one column only (the first that names it), so the guess never maps a field twice.
 */
export function guessMapping(headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  const taken = new Set<string>()
  const keys = headers.map(headerKey)
  const mapping: (string | null)[] = headers.map(() => null)
  const passes: ((field: ImportField) => string[])[] = [
    (field) => [headerKey(field.label), headerKey(field.name)],
    (field) => (field.definition.aliases ?? []).map(headerKey),
  ]
  for (const namesOf of passes)
    keys.forEach((key, column) => {
      if (mapping[column] !== null || key === '') return
      const field = fields.find((each) => !taken.has(each.name) && namesOf(each).includes(key))
      if (field) {
        mapping[column] = field.name
        taken.add(field.name)
      }
    })
  return mapping
}

/** What keeps a mapping from being imported, in the product's words: none when it may go ahead. */
export function mappingProblems(
  mapping: ColumnMapping,
  headers: readonly string[],
  fields: readonly ImportField[],
): string[] {
  const problems: string[] = []
  for (const field of fields) {
    const columns = mapping.flatMap((name, column) =>
      name === field.name ? [headers[column] || `Column ${column + 1}`] : [],
    )
    if (columns.length > 1)
      problems.push(
        `${field.label} is chosen for ${columns.length} columns (${columns.join(', ')}). Choose one.`,
      )
    if (columns.length === 0 && field.required) problems.push(`Choose the column that holds ${field.label}.`)
  }
  return problems
}
