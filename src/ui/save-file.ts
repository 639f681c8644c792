/**
 * Hands a file the app made on the device to the browser's downloads, as a link with `download`
 * would: no server, so it works offline. The address is let go once the browser has had time to
 * take the file (Safari reads it after the click's task).
 */
const LET_GO_AFTER_MS = 60_000

export function saveFile(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), LET_GO_AFTER_MS)
}
