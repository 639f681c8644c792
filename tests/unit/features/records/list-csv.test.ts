import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../../../src/db/database'
import { listedPage } from '../../../../src/db/list-read'
import { dropMirrorIndexes } from '../../../../src/db/mirror-index'
import { writePacks } from '../../../../src/db/packs'
import { fromPlainText } from '../../../../src/domain/rich-text'
import { listCsv } from '../../../../src/features/records/list-csv'

let db: OutpostDb
beforeEach(() => {
  db = new OutpostDb(`csv-${crypto.randomUUID()}`)
})
afterEach(async () => {
  dropMirrorIndexes(db)
  await db.delete()
})

const stamp = '2026-11-28T09:00:00.000Z'
const ACME = 'a0000000-0000-4000-8000-000000000001'
const id = (n: number) => `c0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`

/** Values a spreadsheet or a careless CSV writer gets wrong. */
const awkward = {
  firstName: 'Zoë',
  lastName: 'O"Brien, Jr.',
  title: 'Head of\nPlanning',
  department: 'Engineering',
  email: '=HYPERLINK("http://evil.example","click")',
  phone: '+44 20 7946 0123',
  mobile: '-1+1',
  linkedIn: '@cmd|/C calc',
}
const formulaOverLines = '=1+1\nsecond line'

function contact(n: number, fields: Record<string, unknown>) {
  return {
    id: id(n),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
    firstName: '',
    lastName: '',
    title: '',
    department: '',
    email: '',
    phone: '',
    mobile: '',
    linkedIn: '',
    company: null,
    ...fields,
  }
}

/** The file as a spreadsheet program reads it back, each neutralised formula's ' taken off again. */
function readBack(csv: string) {
  expect(csv.startsWith('\ufeff')).toBe(true)
  const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  return { header: header as string[], rows }
}

describe('a list exported as CSV', () => {
  it('holds every record the list shows, in its order, each value as it was, formulas neutralised', async () => {
    await db.companies.put({
      id: ACME,
      version: 1,
      companyName: 'Åcme, "Ltd"',
      createdAt: stamp,
      updatedAt: stamp,
    } as never)
    await db.contacts.bulkPut([
      contact(1, { ...awkward, company: { relationTo: 'companies', value: ACME } }),
      contact(2, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        department: 'Engineering',
        title: formulaOverLines,
      }),
      contact(3, { firstName: 'Grace', lastName: 'Hopper', department: 'Sales' }),
    ] as never[])
    // Still in a pack after a first sync: on the list, so in the file.
    await db.transaction('rw', [db.contacts, db.packs], () =>
      writePacks(db, 'contacts', [
        contact(4, { firstName: 'Alan', lastName: 'Turing', department: 'Engineering' }),
      ] as never),
    )

    const { csv, records } = await listCsv(db, 'contacts', { search: 'engineering', sort: '-firstName' })
    const shown = listedPage(db, 'contacts', {
      page: 1,
      perPage: 100,
      search: 'engineering',
      sort: '-firstName',
    })
    expect(records).toBe(shown?.total)
    const { header, rows } = readBack(csv)
    expect(header).toEqual([
      'ID',
      'First Name',
      'Last Name',
      'Title',
      'Department',
      'Email',
      'Phone',
      'Mobile',
      'LinkedIn',
      'Company',
      'Company ID',
      'Created',
      'Updated',
    ])
    expect(rows).toHaveLength(3)
    // The list's order: first names descending.
    expect(rows.map((row) => row[0])).toEqual(shown?.ids)
    expect(rows.map((row) => row[1])).toEqual(['Zoë', 'Alan', 'Ada'])

    const zoe = Object.fromEntries(header.map((name, at) => [name, rows[0]?.[at]]))
    expect(zoe['Last Name']).toBe('O"Brien, Jr.')
    expect(zoe.Title).toBe('Head of\nPlanning')
    expect(zoe.Company).toBe('Åcme, "Ltd"')
    expect(zoe['Company ID']).toBe(ACME)
    expect(zoe.Created).toBe(stamp)
    // Every value that would start a formula begins with ' instead, whole after it.
    expect(zoe.Email).toBe(`'${awkward.email}`)
    expect(zoe.Phone).toBe(`'${awkward.phone}`)
    expect(zoe.Mobile).toBe(`'${awkward.mobile}`)
    expect(zoe.LinkedIn).toBe(`'${awkward.linkedIn}`)
    // A line break after the formula does not let it through.
    expect(rows[2]?.[header.indexOf('Title')]).toBe(`'${formulaOverLines}`)
  })

  it('writes rich text as its words and an image as its file name, every row when nothing is searched', async () => {
    await db.products.bulkPut(
      Array.from({ length: 30 }, (_, n) => ({
        id: id(n),
        version: 1,
        createdAt: stamp,
        updatedAt: stamp,
        name: `Anchor ${String(n).padStart(2, '0')}`,
        description: fromPlainText('Hand-forged, for Nordic harbours'),
        productImage: n === 0 ? { id: 'i1', filename: 'anchor-3f9c.webp' } : null,
      })) as never[],
    )
    const { csv, records } = await listCsv(db, 'products', { search: '' })
    expect(records).toBe(30)
    const { header, rows } = readBack(csv)
    expect(rows).toHaveLength(30)
    const description = header.indexOf('Description')
    expect(rows[0]?.[description]).toBe('Hand-forged, for Nordic harbours')
    expect(rows[0]?.[header.indexOf('Image')]).toBe('anchor-3f9c.webp')
    expect(rows[1]?.[header.indexOf('Image')]).toBe('')
  })
})
