/**
 * A chosen file read as a spreadsheet's rows (src/features/records/sheet-read.ts): the files an import
 * cannot take are refused with a message that says why and what to do, before anything is saved;
 * a good one gives its header and rows, quotes, commas and line breaks inside cells kept, in UTF-8 or
 * in the Windows-1252 an older spreadsheet program writes, and the same hash each time it is read. An
 * Excel workbook's first sheet reads as the same rows: numbers by their digits, dates as dates.
 */
import { describe, expect, it } from 'vitest'
import { refusedCsv } from '../../../../src/features/records/refused-csv'
import {
  fileProblem,
  MOST_COLUMNS,
  MOST_ROWS,
  readSheetFile,
} from '../../../../src/features/records/sheet-read'
import { xlsxWorkbook } from '../../../e2e/xlsx-workbook'

const file = (parts: BlobPart[], name = 'people.csv') => new File(parts, name, { type: 'text/csv' })
const read = (chosen: File) => readSheetFile(chosen, () => undefined)

describe('a file an import cannot take', () => {
  it('is a kind of workbook it cannot read (.xls, .ods, .numbers): it says how to save the sheet', () => {
    for (const name of ['Customers.xls', 'Customers.ods', 'Customers.numbers', 'Customers.xlsm'])
      expect(fileProblem({ name, size: 10 })).toBe(
        `${name} is a kind of workbook an import cannot read. Save the sheet as an Excel workbook (.xlsx) or as CSV (UTF-8) from your spreadsheet program and choose that file.`,
      )
    expect(fileProblem({ name: 'Customers.xlsx', size: 10 })).toBeUndefined()
  })

  it('is not CSV by its name, or by its bytes (a picture renamed .csv)', async () => {
    expect(fileProblem({ name: 'photo.png', size: 10 })).toBe(
      'photo.png is not a CSV file or an Excel workbook. Choose a .csv or .xlsx file saved from a spreadsheet.',
    )
    const png = file(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      'photo.csv',
    )
    expect(await read(png)).toEqual({
      ok: false,
      message:
        'photo.csv is not a CSV file or an Excel workbook. Choose a .csv or .xlsx file saved from a spreadsheet.',
    })
  })

  it('is too big: 200 MB, with the limit and what to do', () => {
    expect(fileProblem({ name: 'all.csv', size: 200 * 1024 * 1024 })).toBe(
      'all.csv is 200 MB; files up to 50 MB can be imported. Split it into smaller files.',
    )
    expect(fileProblem({ name: 'all.xlsx', size: 30 * 1024 * 1024 })).toBe(
      'all.xlsx is 30 MB; files up to 20 MB can be imported. Split it into smaller files.',
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const workbook = (sheets: Parameters<typeof xlsxWorkbook>[0], name = 'people.xlsx') =>
  new File([xlsxWorkbook(sheets)], name, { type: XLSX })

describe('an Excel workbook', () => {
  it('reads its first sheet as rows of text: numbers by their digits, dates, yes/no, blank rows dropped', async () => {
    const chosen = workbook({
      People: [
        ['First Name ', 'Phone', 'Joined', 'Active', 'Title', null],
        ['Zoë', 447700900123, new Date(Date.UTC(2026, 10, 29)), true, 'Lead, "Field" Ops\nNorth', null],
        [null, null, null, null, null, null],
        ['Émile', 3.5, new Date(Date.UTC(2026, 0, 5, 14, 5)), false, null, null],
      ],
      Notes: [['Not this sheet']],
    })
    const answer = await read(chosen)
    expect(answer).toMatchObject({
      ok: true,
      headers: ['First Name', 'Phone', 'Joined', 'Active', 'Title'],
      rows: [
        ['Zoë', '447700900123', '2026-11-29', 'TRUE', 'Lead, "Field" Ops\nNorth'],
        ['Émile', '3.5', '2026-01-05 14:05', 'FALSE', ''],
      ],
    })
    const again = await read(workbook({ People: [['Name'], ['Ada']] }))
    const same = await read(workbook({ People: [['Name'], ['Ada']] }))
    const other = await read(workbook({ People: [['Name'], ['Grace']] }))
    expect(again.ok && same.ok && again.fileHash === same.fileHash).toBe(true)
    expect(again.ok && other.ok && again.fileHash !== other.fileHash).toBe(true)
  })

  it('reads each cell as the sheet shows it, whatever way the file stores it', async () => {
    const answer = await read(
      workbook({
        Cover: [[null], [null]],
        People: [
          ['Name', 'Stored', 'Time'],
          [{ xml: ' t="inlineStr"><is><t>Inline</t></is>' }, { xml: '><v>1.1000000000000001</v>' }, null],
          [
            { xml: ' t="inlineStr"><is><r><t>Rich</t></r><r><t xml:space="preserve"> text</t></r></is>' },
            { xml: '><v>1E-05</v>' },
            new Date(Date.UTC(1899, 11, 30, 14, 5)),
          ],
          [
            { xml: ' t="e"><v>#N/A</v>' },
            { xml: '><v>-42</v>' },
            { xml: ' s="1"><v>45000.001388888886</v>' },
          ],
        ],
      }),
    )
    expect(answer).toMatchObject({
      ok: true,
      headers: ['Name', 'Stored', 'Time'],
      rows: [
        ['Inline', '1.1', ''],
        ['Rich text', '0.00001', '14:05'],
        ['', '-42', '2023-03-15 00:02'],
      ],
    })
  })

  it('of thousands of rows reads every one (its sheet is unzipped on the reader’s own thread)', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      `Person ${i}`,
      `person.${i}@example.com`,
      `Regional Director of Field Operations and Customer Success, Northern Territories ${i}`,
    ])
    const answer = await read(workbook({ People: [['Name', 'Email', 'Title'], ...rows] }))
    expect(answer.ok && answer.rows.length).toBe(5_000)
    expect(answer.ok && answer.rows[4_999]).toEqual(rows[4_999])
  })

  it('that is damaged, or is not a workbook at all, is refused with what to do', async () => {
    const message = (name: string) =>
      `${name} could not be read as an Excel workbook. Open it in your spreadsheet program, save it again as .xlsx or as CSV (UTF-8), and choose that file.`
    expect(await read(new File(['Name,Email\nAda,ada@example.com'], 'renamed.xlsx'))).toEqual({
      ok: false,
      message: message('renamed.xlsx'),
    })
    const cut = xlsxWorkbook({ People: [['Name'], ['Ada']] }).slice(0, 200)
    expect(await read(new File([cut], 'cut.xlsx'))).toEqual({ ok: false, message: message('cut.xlsx') })
  })

  it('protected by a password (an encrypted container, not a zip) is refused with what to do', async () => {
    // The compound-file signature an encrypted workbook (or an old .xls) begins with.
    const encrypted = new Uint8Array(4096)
    encrypted.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    expect(await read(new File([encrypted], 'locked.xlsx'))).toEqual({
      ok: false,
      message:
        'locked.xlsx is protected by a password, or is an older Excel file (.xls) renamed. Open it in your spreadsheet program, save it as .xlsx without a password or as CSV (UTF-8), and choose that file.',
    })
  })

  it('with nothing on any sheet is empty', async () => {
    expect(await read(workbook({ Blank: [[null]], Also: [] }))).toEqual({
      ok: false,
      message: 'people.xlsx is empty.',
    })
  })

  it('with a header and no rows, or too many columns, is refused as a CSV file is', async () => {
    expect(await read(workbook({ People: [['Name', 'Email']] }))).toEqual({
      ok: false,
      message: 'people.xlsx has no rows under its header: there is nothing to import.',
    })
    const wide = Array.from({ length: 120 }, (_, i) => `Column ${i}`)
    expect(await read(workbook({ People: [wide, wide] }))).toEqual({
      ok: false,
      message: `people.xlsx has 120 columns; at most ${MOST_COLUMNS} can be imported. Keep the columns you need and save it again.`,
    })
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
