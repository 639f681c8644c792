/**
 * A list as a CSV file: every record the list shows (its search, its sort),
 * not one page, made on the device, offline too. Loaded only when someone
 * exports (papaparse stays out of the first screen's JavaScript).
 *
 * One column per field of the entity, headed with its label, in the form's
 * order, between the record's ID and its Created and Updated times; a relation
 * gives two (the related record's name, and its ID), rich text its words, an
 * image its stored file name; written as csv-file.ts writes every CSV file
 * (a byte-order mark, formulas neutralised).
 */
import type { OutpostDb } from '../../db/database'
import { listedRecords, namesOf } from '../../db/list-export'
import type { MirrorRow } from '../../db/tables'
import { type CollectionName, collections } from '../../domain/collections'
import { relatedId } from '../../domain/fields'
import { type RichTextNode, toPlainText } from '../../domain/rich-text'
import { csvFile } from './csv-file'

interface Column {
  header: string
  value: (row: MirrorRow) => string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

async function columnsOf(db: OutpostDb, collection: CollectionName): Promise<Column[]> {
  const columns: Column[] = [{ header: 'ID', value: (row) => row.id }]
  for (const [name, field] of Object.entries(collections[collection].fields)) {
    if (field.widget === 'relation' && field.relation) {
      const names = await namesOf(db, field.relation.collection as CollectionName)
      const idOf = (row: MirrorRow) => relatedId(row[name]) ?? ''
      columns.push(
        { header: field.label, value: (row) => names.get(idOf(row)) ?? '' },
        { header: `${field.label} ID`, value: idOf },
      )
    } else if (field.widget === 'richText' || field.widget === 'richTextPlain') {
      columns.push({
        header: field.label,
        value: (row) =>
          Array.isArray(row[name]) ? toPlainText(row[name] as RichTextNode[]) : text(row[name]),
      })
    } else if (field.widget === 'image') {
      columns.push({
        header: field.label,
        value: (row) => text((row[name] as { filename?: unknown } | null)?.filename),
      })
    } else {
      columns.push({ header: field.label, value: (row) => text(row[name]) })
    }
  }
  columns.push(
    { header: 'Created', value: (row) => text(row.createdAt) },
    { header: 'Updated', value: (row) => text(row.updatedAt) },
  )
  return columns
}

/** The CSV of the list `query` shows, and how many records it holds. */
export async function listCsv(
  db: OutpostDb,
  collection: CollectionName,
  query: { search: string; sort?: string },
): Promise<{ csv: string; records: number }> {
  const [columns, rows] = await Promise.all([columnsOf(db, collection), listedRecords(db, collection, query)])
  const csv = csvFile(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  )
  return { csv, records: rows.length }
}
