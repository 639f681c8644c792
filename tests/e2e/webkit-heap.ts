/**
 * WebKit's JS heap, for the benchmarks. WebKitGTK tells a page nothing of its memory, and its Web
 * Inspector (whose Memory domain has the figure) serves either WebDriver's socket or its own HTTP front
 * end, never both. But JavaScriptCore reads its options from the environment, in release builds too, and
 * with `JSC_logGC=1` every collection of every heap writes lines to the process's standard error, which
 * the MiniBrowser's web processes share with the driver that started them:
 *
 *     [GC<0x7fc11d4000c0>: START M 90614kb => FullCollection, a=0kb …]
 *     [GC<0x7fc11d4000c0>: M a=5991kb … => 100407kb, p=4.8ms (max 11.4ms), cycle 60.5ms END]
 *
 * The number after the last `=>` is the heap's size once that collection ended. Only a full collection
 * leaves just what lives: a young one keeps every old object, dead or not, and garbage that dies young
 * never brings a full one (a page made 2 GB of it and none came). So the engine is also started with
 * `JSC_useGenerationalGC=0`, every collection full: slower, so a page opened to read its heap is not
 * timed. Each heap (a page's, a worker's) has its own address; the page's is the one that collects
 * while the page is made to allocate. Tried on a page holding two million small objects: 180.0 MiB,
 * 0.5 MiB once it let them go.
 */
import type { WebDriverSession } from './webdriver-client'

/** The environment that makes JavaScriptCore's every collection full, and logged (web processes inherit it). */
export const WEBKIT_HEAP_ENV = { JSC_logGC: '1', JSC_useGenerationalGC: '0' }

/**
 * A collection's first line names its kind, `GC<address>: START M 90614kb => FullCollection, …`; its last
 * line (several later when it ran in steps, other heaps' lines between) ends `=> 100407kb, … END]`.
 */
const COLLECTION_START = /^\[GC<(0x[0-9a-f]+)>: START \w+ \d+kb => (\w+)Collection,/
const COLLECTION_END = /^\[GC<(0x[0-9a-f]+)>: .*=> (\d+)kb, [^\]]*END\]$/

interface CollectionEnd {
  heap: string
  full: boolean
  /** The heap's size once the collection ended. */
  bytes: number
}

/** The collections each heap made, in the order they ended, from JSC_logGC's lines. */
export class HeapLog {
  private pending = ''
  /** Each heap's collection under way: whether it is a full one. */
  private running = new Map<string, boolean>()
  readonly ends: CollectionEnd[] = []

  /** Takes a chunk of the processes' standard error; answers the part that was not a collection's log. */
  take(chunk: string): string {
    const lines = (this.pending + chunk).split('\n')
    this.pending = lines.pop() ?? ''
    const other: string[] = []
    for (const line of lines) {
      const start = COLLECTION_START.exec(line)
      if (start) this.running.set(start[1] as string, start[2] === 'Full')
      const end = COLLECTION_END.exec(line)
      if (end) {
        const heap = end[1] as string
        this.ends.push({ heap, full: this.running.get(heap) ?? false, bytes: Number(end[2]) * 1024 })
        this.running.delete(heap)
      }
      if (!line.startsWith('[GC<') && line !== 'GC END!') other.push(line)
    }
    return other.length ? `${other.join('\n')}\n` : ''
  }
}

/** In the page: a little garbage that dies at once, enough to set off a collection. */
function makeGarbage(megabytes: number) {
  let made = 0
  // About a kilobyte each: an array of 16 small objects.
  for (let i = 0; i < megabytes * 1024; i++) made += Array.from({ length: 16 }, (_, n) => ({ n, i })).length
  return made
}

/** The heap that collected most among `ends`: the page's, while the page is the one allocating. */
function busiestHeap(ends: CollectionEnd[]): string | undefined {
  const counts = new Map<string, number>()
  for (const { heap } of ends) counts.set(heap, (counts.get(heap) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** The page's JS heap in bytes: what the page's next (full) collection leaves. */
export async function webKitJsHeapBytes(session: WebDriverSession, log: HeapLog): Promise<number> {
  const deadline = Date.now() + 60_000
  const from = log.ends.length
  for (;;) {
    await session.execute(makeGarbage.toString(), 16)
    // Standard error reaches the driver's pipe a moment after the collection.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const since = log.ends.slice(from)
    const page = busiestHeap(since)
    const full = since.findLast((end) => end.heap === page && end.full)
    if (full && since.filter((end) => end.heap === page).length >= 2) return full.bytes
    if (Date.now() > deadline)
      throw new Error(
        'WebKit logged no collection of the page within 60 s: was it started with WEBKIT_HEAP_ENV?',
      )
  }
}
