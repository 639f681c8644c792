/**
 * Gecko's JS heap, for the benchmarks. Firefox tells a page nothing of its memory, and its WebDriver BiDi
 * may not open about:memory; but with the preference below it watches a FIFO, `debug_info_trigger` in its
 * temporary folder, and "memory report" written to it dumps about:memory's reports of every process there
 * as gzipped JSON. The page's JS heap is what about:memory files under the page's window: its realms and
 * zones (the main thread; a worker's are under explicit/workers).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

export const GECKO_MEMORY_PREFS = { 'memory_info_dumper.watch_fifo.enabled': true }

interface MemoryReport {
  path: string
  /** 0: bytes (nsIMemoryReporter's UNITS_BYTES). */
  units: number
  amount: number
}

const dumps = (folder: string) =>
  new Set(
    readdirSync(folder).filter((name) => name.startsWith('unified-memory-report-') && name.endsWith('.gz')),
  )

/** The JS heap in bytes of the page whose URL starts with `origin`, in a Firefox whose temporary folder is `folder`. */
export async function geckoJsHeapBytes(folder: string, origin: string): Promise<number> {
  const fifo = join(folder, 'debug_info_trigger')
  if (!existsSync(fifo))
    throw new Error(`Firefox made no ${fifo}: was it started with GECKO_MEMORY_PREFS and TMPDIR=${folder}?`)
  const before = dumps(folder)
  writeFileSync(fifo, 'memory report\n')
  const deadline = Date.now() + 60_000
  for (;;) {
    // Written as incomplete-unified-memory-report-…, then renamed once whole.
    const made = [...dumps(folder)].find((name) => !before.has(name))
    if (made) {
      const { reports } = JSON.parse(gunzipSync(readFileSync(join(folder, made))).toString()) as {
        reports: MemoryReport[]
      }
      // about:memory writes the URL's slashes as backslashes, its path separator being '/'.
      const window = `explicit/window-objects/top(${origin.replaceAll('/', '\\')}`
      const js = reports.filter(
        (report) =>
          report.units === 0 &&
          report.path.startsWith(window) &&
          (report.path.includes('/js-realm(') || report.path.includes('/js-zone(')),
      )
      if (js.length === 0) throw new Error(`Firefox's memory report has no window at ${origin}`)
      return js.reduce((sum, report) => sum + report.amount, 0)
    }
    if (Date.now() > deadline) throw new Error('Firefox wrote no memory report within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
