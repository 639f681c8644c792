/**
 * A chosen file read as a spreadsheet's rows (src/features/records/csv-read.ts): the files an import
 * cannot take are refused with a message that says why and what to do, before anything is saved;
 * a good one gives its header and rows, quotes, commas and line breaks inside cells kept, in UTF-8 or
 * in the Windows-1252 an older spreadsheet program writes, and the same hash each time it is read.
 */
import { describe, expect, it } from 'vitest'
import { fileProblem, MOST_COLUMNS, MOST_ROWS, readCsv } from '../../../../src/features/records/csv-read'
import { refusedCsv } from '../../../../src/features/records/refused-csv'

const file = (parts: BlobPart[], name = 'people.csv') => new File(parts, name, { type: 'text/csv' })
const read = (chosen: File) => readCsv(chosen, () => undefined)

describe('a file an import cannot take', () => {
  it('is a workbook: it says how to save the sheet as CSV', () => {
    expect(fileProblem({ name: 'Customers.xlsx', size: 10 })).toBe(
      'Customers.xlsx is a workbook, not a CSV file. Save the sheet as CSV (UTF-8) from your spreadsheet program and choose that file.',
    )
  })

  it('is not CSV by its name, or by its bytes (a picture renamed .csv)', async () => {
    expect(fileProblem({ name: 'photo.png', size: 10 })).toBe(
      'photo.png is not a CSV file. Choose a .csv file saved from a spreadsheet.',
    )
    const png = file(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      'photo.csv',
    )
    expect(await read(png)).toEqual({
      ok: false,
      message: 'photo.csv is not a CSV file. Choose a .csv file saved from a spreadsheet.',
    })
  })

  it('is too big: 200 MB, with the limit and what to do', () => {
    expect(fileProblem({ name: 'all.csv', size: 200 * 1024 * 1024 })).toBe(
      'all.csv is 200 MB; files up to 50 MB can be imported. Split it into smaller files.',
    )
  })

  it('is empty, or has a header and no rows', async () => {
    expect(await read(file([]))).toEqual({ ok: false, message: 'people.csv is empty.' })
    expect(await read(file(['First Name,Email\r\n\r\n']))).toEqual({
      ok: false,
      message: 'people.csv has no rows under its header: there is nothing to import.',
    })
  })

  it('has more columns, or more rows, than an import takes', async () => {
    const wide = Array.from({ length: 500 }, (_, i) => `Column ${i}`).join(',')
    expect(await read(file([`${wide}\n${wide}`]))).toEqual({
      ok: false,
      message: `people.csv has 500 columns; at most ${MOST_COLUMNS} can be imported. Keep the columns you need and save it again.`,
    })
    const long = `Name\n${'x\n'.repeat(MOST_ROWS + 1)}`
    expect(await read(file([long]))).toMatchObject({
      ok: false,
      message: `people.csv has more than ${MOST_ROWS.toLocaleString('en')} rows; at most ${MOST_ROWS.toLocaleString('en')} can be imported at once. Split it into smaller files.`,
    })
  })
})

describe('a file read', () => {
  it('gives its header and rows, cells with quotes, commas and line breaks whole, the BOM dropped', async () => {
    const text = '\ufeffFirst Name , Title\r\nZoë,"Lead, ""Field"" Ops"\r\nÉmile,"Two\r\nlines"\r\n\r\n'
    const answer = await read(file([text]))
    expect(answer).toMatchObject({
      ok: true,
      headers: ['First Name', 'Title'],
      rows: [
        ['Zoë', 'Lead, "Field" Ops'],
        ['Émile', 'Two\r\nlines'],
      ],
    })
    const again = await read(file([text]))
    expect(again.ok && answer.ok && again.fileHash === answer.fileHash).toBe(true)
    const other = await read(file([`${text}Ada,Countess\r\n`]))
    expect(other.ok && answer.ok && other.fileHash !== answer.fileHash).toBe(true)
  })

  it('in Windows-1252 (not UTF-8) keeps its accents', async () => {
    // "Zoë,Crème" as an older Windows spreadsheet writes it: ë is 0xEB, è is 0xE8.
    const bytes = new Uint8Array(
      [...'Name,Dish\r\nZo'].map((c) => c.charCodeAt(0)).concat([0xeb, 0x2c, 0x43, 0x72, 0xe8, 0x6d, 0x65]),
    )
    expect(await read(file([bytes]))).toMatchObject({ ok: true, rows: [['Zoë', 'Crème']] })
  })
})

describe('the rows an import refused', () => {
  it('go to a file of their own, the file’s columns as they were and why, formulas neutralised', () => {
    const csv = refusedCsv(
      ['Name', 'Email'],
      [
        {
          line: 3,
          cells: ['=HYPERLINK("x")', 'not an email'],
          problems: ['Email: Must be a valid email address.'],
        },
      ],
    )
    expect(csv).toBe(
      '\ufeffName,Email,Problem\r\n"\'=HYPERLINK(""x"")",not an email,Email: Must be a valid email address.',
    )
  })
})
