/**
 * Reads a chosen CSV file off the page's thread (csv-read.ts): the page gets its progress, then its
 * rows, and keeps every frame for the person meanwhile.
 */
import { type CsvRead, readCsv } from './csv-read'

export type CsvWorkerMessage = { progress: number } | { read: CsvRead }

self.onmessage = async (event: MessageEvent<{ file: File }>) => {
  const post = (message: CsvWorkerMessage) => self.postMessage(message)
  const read = await readCsv(event.data.file, (progress) => post({ progress })).catch(
    (): CsvRead => ({ ok: false, message: `${event.data.file.name} could not be read. Choose it again.` }),
  )
  post({ read })
}
