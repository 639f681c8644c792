/**
 * A chosen file read as a spreadsheet's rows: its header and its rows of cells, or why it cannot be
 * imported, in the product's words. Run in a worker (sheet-worker.ts) so 100,000 rows cost the page no
 * frames. A CSV file: papaparse does it (quotes, commas and line breaks inside cells, `\r\n` or `\n`),
 * and a file that is not UTF-8 (a spreadsheet saved as "CSV" on an older Windows) is read as
 * Windows-1252, so its accents survive. An Excel workbook (.xlsx): its first sheet with rows (workbook-rows.ts).
 * Its hash names the file, so an import of the same file stopped halfway can go on.
 */
import Papa from 'papaparse'
import { workbookRows } from './workbook-rows'

/** What a page can hold and an import can save in a minute. */
export const MOST_ROWS = 200_000
export const MOST_COLUMNS = 100
export const MOST_BYTES = 50 * 1024 * 1024
/** A workbook is zipped: 20 MB of it holds a few hundred thousand rows, ten times that once unzipped. */
export const MOST_WORKBOOK_BYTES = 20 * 1024 * 1024

export type SheetRead =
  | { ok: true; headers: string[]; rows: string[][]; fileHash: string }
  | { ok: false; message: string }

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString('en')} MB`

/** What stops a file before it is read: its kind or its size. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  if (/\.(xlsm|xls|ods|numbers)$/i.test(file.name))
    return `${file.name} is a kind of workbook an import cannot read. Save the sheet as an Excel workbook (.xlsx) or as CSV (UTF-8) from your spreadsheet program and choose that file.`
  if (!isWorkbook(file) && !/\.(csv|txt|tsv)$/i.test(file.name)) return notReadable(file.name)
  if (file.size === 0) return `${file.name} is empty.`
  const most = isWorkbook(file) ? MOST_WORKBOOK_BYTES : MOST_BYTES
  if (file.size > most)
    return `${file.name} is ${megabytes(file.size)}; files up to ${megabytes(most)} can be imported. Split it into smaller files.`
  return undefined
}

const isWorkbook = (file: { name: string }) => /\.xlsx$/i.test(file.name)

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

function decoded(bytes: ArrayBuffer) {
  try {
    // fatal: a byte sequence that is not UTF-8 throws, rather than turning into '\ufffd'. The BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

const notReadable = (name: string) =>
  `${name} is not a CSV file or an Excel workbook. Choose a .csv or .xlsx file saved from a spreadsheet.`

/** A CSV file's rows; `tooMany` when it was cut past the most an import takes. */
async function csvRows(bytes: ArrayBuffer, onProgress: (share: number) => void) {
  const text = decoded(bytes)
  const rows: string[][] = []
  let tooMany = false
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(text, {
      skipEmptyLines: 'greedy',
      chunkSize: 1024 * 1024,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const row of results.data) rows.push(row)
        onProgress(Math.min(1, results.meta.cursor / Math.max(1, text.length)))
        if (rows.length > MOST_ROWS + 1) {
          tooMany = true
          parser.abort()
        }
      },
      complete: () => resolve(),
    })
  })
  return { rows, tooMany }
}

/** Reads `file`, telling `onProgress` the share read (0 to 1) as it goes. */
export async function readSheetFile(file: File, onProgress: (share: number) => void): Promise<SheetRead> {
  const problem = fileProblem(file)
  if (problem) return { ok: false, message: problem }
  const bytes = await file.arrayBuffer()
  let rows: string[][]
  let tooMany = false
  if (isWorkbook(file)) {
    const read = await workbookRows(bytes)
    if (read === 'protected')
      return {
        ok: false,
        message: `${file.name} is protected by a password, or is an older Excel file (.xls) renamed. Open it in your spreadsheet program, save it as .xlsx without a password or as CSV (UTF-8), and choose that file.`,
      }
    if (read === 'unreadable')
      return {
        ok: false,
        message: `${file.name} could not be read as an Excel workbook. Open it in your spreadsheet program, save it again as .xlsx or as CSV (UTF-8), and choose that file.`,
      }
    rows = read
    tooMany = rows.length > MOST_ROWS + 1
    onProgress(1)
  } else {
    // A NUL byte never appears in text: a picture, a zip (a workbook renamed .csv) or a program.
    if (new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8192)).includes(0))
      return { ok: false, message: notReadable(file.name) }
    ;({ rows, tooMany } = await csvRows(bytes, onProgress))
  }
  // Hashed through a view of this realm: a Blob of another's (jsdom's) hands over a buffer WebCrypto refuses.
  const fileHash = hex(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes))).slice(0, 32)
  const [header, ...data] = rows
  if (!header) return { ok: false, message: `${file.name} is empty.` }
  if (tooMany)
    return {
      ok: false,
      message: `${file.name} has more than ${MOST_ROWS.toLocaleString('en')} rows; at most ${MOST_ROWS.toLocaleString('en')} can be imported at once. Split it into smaller files.`,
    }
  if (header.length > MOST_COLUMNS)
    return {
      ok: false,
      message: `${file.name} has ${header.length.toLocaleString('en')} columns; at most ${MOST_COLUMNS} can be imported. Keep the columns you need and save it again.`,
    }
  if (data.length === 0)
    return { ok: false, message: `${file.name} has no rows under its header: there is nothing to import.` }
  return { ok: true, headers: header.map((cell) => cell.trim()), rows: data, fileHash }
}
