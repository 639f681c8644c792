/**
 * A spreadsheet's row as the record it will be: its mapped cells turned into the fields' values (a
 * department by its label whatever its letter case, rich text from its lines, a relation by the name
 * of the record it points at) and checked by the entity's own create schema, so a row is refused
 * with the messages a form would show, before anything is saved.
 */
import * as v from 'valibot'
import { type CollectionName, collections } from './collections'
import { fieldErrors } from './fields'
import { foldText } from './fold'
import type { ColumnMapping, ImportField } from './import-columns'
import { fromPlainText } from './rich-text'

/** A row that passed its checks. */
export interface ReadRow {
  /** Its line in the file (the header is line 1), as a spreadsheet numbers it. */
  line: number
  /** The record's values as a create stores them, every field (the empty ones as a new form has them). */
  values: Record<string, unknown>
  /** The fields the row gave a value (an update sets only these). */
  given: string[]
  /** Each relation's typed name ('Acme Ltd'), by field: matched to a record, or made, when planned. */
  names: Record<string, string>
}

/** A row that cannot be imported, and why. */
export interface RefusedRow {
  line: number
  cells: readonly string[]
  problems: string[]
}

export type CheckedRow = ReadRow | RefusedRow

export const isRefused = (row: CheckedRow): row is RefusedRow => 'problems' in row

/** A select's value by its label, letter case and accents aside; a text no choice has is left for the check to refuse. */
function choiceOf(raw: string, choices: readonly string[]) {
  const key = foldText(raw.trim())
  return choices.find((choice) => foldText(choice) === key) ?? raw
}

/** What a cell holds for its field, before the check. A line break is '\n', as a form's box keeps it (a spreadsheet writes '\r\n'). */
function cellValue(cell: string, field: ImportField): unknown {
  const raw = cell.replace(/\r\n?/g, '\n')
  const { widget, choices } = field.definition
  if (choices) return raw.trim() === '' ? '' : choiceOf(raw, choices.values)
  if (widget === 'richText' || widget === 'richTextPlain') return fromPlainText(raw.trim())
  return raw
}

/** Checks the name a relation's cell gives as the target's own create would (a new company's name). */
function relationProblem(field: ImportField, name: string): string | undefined {
  const relation = field.definition.relation
  if (!relation) return undefined
  const target = collections[relation.collection as CollectionName]
  const parsed = v.safeParse(target.schemas.create, { [relation.createField]: name })
  return parsed.success ? undefined : `${field.label}: ${fieldErrors(parsed.issues)[0]?.message}`
}

export function checkRow(
  collection: CollectionName,
  fields: readonly ImportField[],
  mapping: ColumnMapping,
  headerLength: number,
  cells: readonly string[],
  line: number,
): CheckedRow {
  const extra = cells.slice(headerLength).filter((cell) => cell.trim() !== '').length
  if (extra > 0)
    return {
      line,
      cells,
      problems: [`This row has ${cells.length} cells; the header names ${headerLength} columns.`],
    }
  const values: Record<string, unknown> = {}
  const names: Record<string, string> = {}
  const given: string[] = []
  const problems: string[] = []
  const byName = new Map(fields.map((field) => [field.name, field]))
  mapping.forEach((name, column) => {
    const field = name === null ? undefined : byName.get(name)
    const raw = cells[column] ?? ''
    if (!field) return
    if (raw.trim() !== '') given.push(field.name)
    if (field.definition.widget === 'relation') {
      const typed = raw.trim()
      if (typed === '') return
      names[field.name] = typed
      const problem = relationProblem(field, typed)
      if (problem) problems.push(problem)
    } else values[field.name] = cellValue(raw, field)
  })
  const parsed = v.safeParse(collections[collection].schemas.create, values)
  if (!parsed.success) {
    const said = fieldErrors(parsed.issues).map(
      ({ field, message }) => `${byName.get(field)?.label ?? field}: ${message}`,
    )
    return { line, cells, problems: [...said, ...problems] }
  }
  if (problems.length) return { line, cells, problems }
  return { line, values: parsed.output, given, names }
}
