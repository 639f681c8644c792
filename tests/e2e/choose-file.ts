/**
 * Hands a page's file input a file, as choosing it in the browser's file dialog does: WebDriver and
 * CDP cannot reach the dialog, and a file made in the page (DataTransfer) is what every engine's
 * input takes the same way. A file of bytes (a workbook) crosses into the page as base64.
 */
import type { EnginePage } from './engine-page'

function chooseIn({
  name,
  text,
  base64,
  type,
}: {
  name: string
  text?: string
  base64?: string
  type: string
}) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  const transfer = new DataTransfer()
  const content = base64 === undefined ? text : Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  transfer.items.add(new File([content ?? ''], name, { type }))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const chooseFile = (page: EnginePage, name: string, content: string | Uint8Array) =>
  page.evaluate(
    chooseIn,
    typeof content === 'string'
      ? { name, text: content, type: 'text/csv' }
      : { name, base64: Buffer.from(content).toString('base64'), type: XLSX },
  )
