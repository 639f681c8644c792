/**
 * A chosen file read as a spreadsheet's rows: its header and its rows of cells, or why it cannot be
 * imported, in the product's words. Run in a worker (csv-worker.ts) so 100,000 rows cost the page no
 * frames; papaparse does the CSV (quotes, commas and line breaks inside cells, `\r\n` or `\n`). A file
 * that is not UTF-8 (a spreadsheet saved as "CSV" on an older Windows) is read as Windows-1252, so its
 * accents survive. Its hash names it, so an import of the same file stopped halfway can go on.
 */
import Papa from 'papaparse'

/** What a page can hold and an import can save in a minute. */
export const MOST_ROWS = 200_000
export const MOST_COLUMNS = 100
export const MOST_BYTES = 50 * 1024 * 1024

export type CsvRead =
  | { ok: true; headers: string[]; rows: string[][]; fileHash: string }
  | { ok: false; message: string }

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString('en')} MB`

/** What stops a file before it is read: its kind or its size. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  if (/\.(xlsx|xlsm|xls|ods|numbers)$/i.test(file.name))
    return `${file.name} is a workbook, not a CSV file. Save the sheet as CSV (UTF-8) from your spreadsheet program and choose that file.`
  if (!/\.(csv|txt|tsv)$/i.test(file.name))
    return `${file.name} is not a CSV file. Choose a .csv file saved from a spreadsheet.`
  if (file.size === 0) return `${file.name} is empty.`
  if (file.size > MOST_BYTES)
    return `${file.name} is ${megabytes(file.size)}; files up to ${megabytes(MOST_BYTES)} can be imported. Split it into smaller files.`
  return undefined
}

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

/** Reads `file`, telling `onProgress` the share read (0 to 1) as it goes. */
export async function readCsv(file: File, onProgress: (share: number) => void): Promise<CsvRead> {
  const problem = fileProblem(file)
  if (problem) return { ok: false, message: problem }
  const bytes = await file.arrayBuffer()
  const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8192))
  // A NUL byte never appears in text: a picture, a zip (a workbook renamed .csv) or a program.
  if (head.includes(0))
    return {
      ok: false,
      message: `${file.name} is not a CSV file. Choose a .csv file saved from a spreadsheet.`,
    }
  // Hashed through a view of this realm: a Blob of another's (jsdom's) hands over a buffer WebCrypto refuses.
  const fileHash = hex(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes))).slice(0, 32)
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
