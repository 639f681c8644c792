/**
 * Reads a chosen CSV file off the page's thread (sheet-read.ts): the page gets its progress, then its
 * rows, and keeps every frame for the person meanwhile.
 */
import { readSheetFile, type SheetRead } from './sheet-read'

export type SheetWorkerMessage = { progress: number } | { read: SheetRead }

self.onmessage = async (event: MessageEvent<{ file: File }>) => {
  const post = (message: SheetWorkerMessage) => self.postMessage(message)
  const read = await readSheetFile(event.data.file, (progress) => post({ progress })).catch(
    (): SheetRead => ({ ok: false, message: `${event.data.file.name} could not be read. Choose it again.` }),
  )
  post({ read })
}
