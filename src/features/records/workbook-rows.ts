/**
 * An Excel workbook (.xlsx) as rows of text cells, the shape a CSV file's rows have, so the import
 * maps, checks and plans both alike: its first sheet that holds anything (a blank cover sheet or a
 * chart sheet before it is passed over). read-excel-file reads it (fflate unzips, saxen parses the
 * XML), loaded only when a workbook is chosen. Each cell reads as the sheet shows it where that is
 * plain: a whole number as its digits (a phone number saved as a number is not written 4.48E+11), any
 * other number to the 15 digits Excel keeps (its file may store 1.1 as 1.1000000000000001), a date as
 * 2026-11-29 (with its time when it has one; a time alone as 14:05), TRUE or FALSE. A cell holding an
 * error (#N/A) reads as empty: the reader keeps no error's code.
 */

/** What a workbook cell holds once read: text, a number kept as its stored text, a yes/no or a date. */
type Cell = string | boolean | Date | null

/** Why a workbook gives no rows. */
export type WorkbookProblem = 'protected' | 'unreadable'

const pad = (value: number) => String(value).padStart(2, '0')

/** The day Excel counts from, which a time alone (no date) falls on: 1900's system, or 1904's. */
const NO_DAY = new Set(['1899-12-30', '1899-12-31', '1904-01-01'])

/** A date as text, in the form every spreadsheet program reads back: `2026-11-29`, `2026-11-29 14:05`, `14:05`. */
function dateText(stored: Date) {
  if (Number.isNaN(stored.getTime())) return ''
  // The reader rounds a day's fraction down, so 14:05 can come out as 14:04:59.999: to the nearest second.
  const date = new Date(Math.round(stored.getTime() / 1000) * 1000)
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  const [hours, minutes, seconds] = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
  const time = `${pad(hours)}:${pad(minutes)}${seconds ? `:${pad(seconds)}` : ''}`
  if (NO_DAY.has(day)) return time
  return hours === 0 && minutes === 0 && seconds === 0 ? day : `${day} ${time}`
}

/** A number as the sheet shows it: a whole one by its digits, any other to Excel's 15 significant digits. */
const numberText = (stored: string) =>
  /^-?\d+$/.test(stored) ? stored : String(Number(Number(stored).toPrecision(15)))

function cellText(cell: Cell | number): string {
  if (cell === null || cell === undefined) return ''
  if (cell instanceof Date) return dateText(cell)
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE'
  return String(cell)
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '')

/** `rows` without blank rows, each cut to the columns that hold something in any row. */
function trimmed(rows: readonly string[][]) {
  const kept = rows.filter((row) => !isBlank(row))
  let width = 0
  for (const row of kept)
    for (let column = row.length; column > width; column--)
      if (row[column - 1]?.trim()) {
        width = column
        break
      }
  return kept.map((row) => Array.from({ length: width }, (_, column) => row[column] ?? ''))
}

/**
 * The rows of the workbook's first sheet that holds any (none when every sheet is blank), or why it
 * cannot be read: `protected` (a password, which makes it an encrypted container, not a zip; or an old
 * .xls renamed), `unreadable` (damaged, or not a workbook at all).
 */
export async function workbookRows(bytes: ArrayBuffer): Promise<string[][] | WorkbookProblem> {
  const { default: readXlsxFile } = await import('read-excel-file/universal')
  let sheets: { data?: (Cell | number)[][] }[]
  try {
    // The number's stored text: numberText decides how it reads.
    // Typed loosely by the library (a cell as `typeof Date`): what it gives is a Date, as Cell says.
    sheets = (await readXlsxFile<string>(bytes, { parseNumber: numberText })) as typeof sheets
  } catch (error) {
    return (error as { code?: string }).code === 'XLS_FILE_NOT_SUPPORTED' ? 'protected' : 'unreadable'
  }
  for (const sheet of sheets) {
    const rows = trimmed((sheet.data ?? []).map((row) => row.map(cellText)))
    if (rows.length > 0) return rows
  }
  return []
}
