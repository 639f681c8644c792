/**
 * Where a screen gets the dashboard's figures: a worker counting the mirror
 * (figures-worker.ts) where the browser has workers, else the same tally in
 * this thread (jsdom in the component tests). One per database, shared by the
 * overview and the stats screen, kept a while after the last one closes.
 */
import type { OutpostDb } from '../../../db/database'
import { onPageSleep, pageWorkersAllowed } from '../../../db/page-sleep'
import type { FiguresMessage } from './figures-worker'
import { type Figures, followFigures } from './snapshot'
import { DashboardTally } from './tally'

export interface FigureSource {
  /** null until the mirror has been read once. */
  get: () => Figures | null
  subscribe: (listener: () => void) => () => void
  stop: () => void
}

function source(start: (set: (figures: Figures) => void) => () => void): FigureSource {
  let figures: Figures | null = null
  const listeners = new Set<() => void>()
  const stop = start((next) => {
    figures = next
    for (const listener of listeners) listener()
  })
  return {
    get: () => figures,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop,
  }
}

const countHere = (db: OutpostDb, set: (figures: Figures) => void) =>
  followFigures(new DashboardTally(db), set)

const inWorker = (db: OutpostDb) =>
  source((set) => {
    let stopHere: (() => void) | undefined
    let worker: Worker | null = null
    const startWorker = () => {
      const started = new Worker(new URL('./figures-worker.ts', import.meta.url), { type: 'module' })
      started.onmessage = (event: MessageEvent<FiguresMessage>) => set(event.data.figures)
      // A worker that cannot start (its script not cached, say) must not leave the screens counting forever.
      started.onerror = () => {
        started.terminate()
        worker = null
        stopHere ??= countHere(db, set)
      }
      started.postMessage({ dbName: db.name })
      worker = started
    }
    const stopWorker = () => {
      worker?.terminate()
      worker = null
    }
    startWorker()
    // Frozen in the back/forward cache mid-count, it would hold its read of the mirror for ever, and every
    // write behind it (src/db/page-sleep.ts): it goes with the page and counts afresh if the page comes back.
    const stopOnSleep = onPageSleep(stopWorker, () => {
      if (!stopHere) startWorker()
    })
    return () => {
      stopOnSleep()
      stopWorker()
      stopHere?.()
    }
  })

const inThisThread = (db: OutpostDb) => source((set) => countHere(db, set))

interface Held {
  source: FigureSource
  users: number
  timer?: ReturnType<typeof setTimeout>
}

const held = new WeakMap<OutpostDb, Held>()

/**
 * Kept this long after the last dashboard screen closes, so going from the
 * overview to a list and back does not read 100,000 rows again; then stopped,
 * which also lets a signed-out user's database go.
 */
const LINGER_MS = 120_000

/** The figures of this database, counting from the first screen that holds them. */
export function figureSource(db: OutpostDb): FigureSource {
  let entry = held.get(db)
  if (!entry) {
    entry = { source: pageWorkersAllowed() ? inWorker(db) : inThisThread(db), users: 0 }
    held.set(db, entry)
  }
  return entry.source
}

/** Keeps the figures of this database counting while a screen shows them; call the answer when it closes. */
export function holdFigures(db: OutpostDb): () => void {
  figureSource(db)
  const entry = held.get(db) as Held
  clearTimeout(entry.timer)
  entry.users++
  let released = false
  return () => {
    if (released) return
    released = true
    entry.users--
    if (entry.users > 0) return
    entry.timer = setTimeout(() => {
      if (entry.users > 0) return
      entry.source.stop()
      held.delete(db)
    }, LINGER_MS)
  }
}
