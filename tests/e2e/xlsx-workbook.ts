/**
 * An Excel workbook (.xlsx) made as Excel writes one: a zip of the Office Open XML parts (the content
 * types, the workbook and its sheets, the shared strings, the styles), texts in the shared strings,
 * numbers as their digits, yes/no as booleans and dates as Excel's day numbers in a date style. The
 * import tests choose it as a person chooses a file saved from a spreadsheet program.
 */
import { zipSync } from 'fflate'

/** A cell as a value, or as its own XML after its reference (`{ xml: ' t="e"><v>#N/A</v>' }`). */
type Cell = string | number | boolean | Date | null | { xml: string }

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const CONTENT = 'application/vnd.openxmlformats-officedocument.spreadsheetml'
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A, B, … Z, AA: a column's letters. */
function columnName(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26))
  return index < 26 ? letter : columnName(Math.floor(index / 26) - 1) + letter
}

/** Excel's day number of a date: days since 1899-12-30, the time of day as its fraction. */
const excelDay = (date: Date) => date.getTime() / 86_400_000 + 25_569

function sheetXml(rows: readonly (readonly Cell[])[], sharedIndex: (text: string) => number) {
  const rowsXml = rows.map((row, r) => {
    const cells = row.map((cell, c) => {
      const ref = `${columnName(c)}${r + 1}`
      if (cell === null) return ''
      if (typeof cell === 'object' && 'xml' in cell) return `<c r="${ref}"${cell.xml}</c>`
      if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${sharedIndex(cell)}</v></c>`
      if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`
      if (cell instanceof Date) return `<c r="${ref}" s="1"><v>${excelDay(cell)}</v></c>`
      return `<c r="${ref}"><v>${cell}</v></c>`
    })
    return `<row r="${r + 1}">${cells.join('')}</row>`
  })
  return `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowsXml.join('')}</sheetData></worksheet>`
}

/** The bytes of a workbook holding `sheets` (name to rows), in that order. */
export function xlsxWorkbook(sheets: Record<string, readonly (readonly Cell[])[]>): Uint8Array<ArrayBuffer> {
  const shared: string[] = []
  const sharedAt = new Map<string, number>()
  const sharedIndex = (text: string) => {
    let index = sharedAt.get(text)
    if (index === undefined) {
      index = shared.push(text) - 1
      sharedAt.set(text, index)
    }
    return index
  }
  const names = Object.keys(sheets)
  const sheetParts = Object.fromEntries(
    names.map((name, i) => [
      `xl/worksheets/sheet${i + 1}.xml`,
      sheetXml(sheets[name] as readonly (readonly Cell[])[], sharedIndex),
    ]),
  )
  const parts: Record<string, string> = {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CONTENT}.sheet.main+xml"/>${names.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CONTENT}.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="${CONTENT}.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="${CONTENT}.styles+xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${names.map((name, i) => `<sheet name="${escaped(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rIdStrings" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rIdStyles" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    // Style 1 is Excel's short date (number format 14).
    'xl/styles.xml': `${HEAD}<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ...sheetParts,
  }
  // Written after the sheets, which fill it.
  parts['xl/sharedStrings.xml'] =
    `${HEAD}<sst xmlns="${MAIN}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((text) => `<si><t xml:space="preserve">${escaped(text)}</t></si>`).join('')}</sst>`
  const encoder = new TextEncoder()
  const zipped = zipSync(
    Object.fromEntries(Object.entries(parts).map(([path, xml]) => [path, encoder.encode(xml)])),
  )
  return new Uint8Array(zipped)
}
