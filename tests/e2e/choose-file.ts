/**
 * Hands a page's file input a file, as choosing it in the browser's file dialog does: WebDriver and
 * CDP cannot reach the dialog, and a file made in the page (DataTransfer) is what every engine's
 * input takes the same way.
 */
import type { EnginePage } from './engine-page'

function chooseIn({ name, text }: { name: string; text: string }) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  const transfer = new DataTransfer()
  transfer.items.add(new File([text], name, { type: 'text/csv' }))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

export const chooseFile = (page: EnginePage, name: string, text: string) =>
  page.evaluate(chooseIn, { name, text })
