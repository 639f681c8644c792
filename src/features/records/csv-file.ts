/**
 * A CSV file the device makes (a list's export, an import's refused rows): UTF-8 with a byte-order
 * mark, so spreadsheet programs read accents, and `\r\n` between rows. A value that begins with =, +,
 * -, @, a tab or a carriage return gets a ' in front, so no spreadsheet runs it as a formula (OWASP's
 * advice on CSV injection).
 */
import Papa from 'papaparse'

const BYTE_ORDER_MARK = '\ufeff'
/**
 * What a formula may begin with. papaparse's own (`escapeFormulae: true`) must match the whole value
 * with `.`, so a value with a line break after its '=' slipped through.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvFile(fields: readonly string[], data: readonly (readonly string[])[]): string {
  const csv = Papa.unparse(
    { fields: [...fields], data: data.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  )
  return BYTE_ORDER_MARK + csv
}
