/**
 * Reads for a live query that must not follow every change as it comes: at most one every `ms`.
 * A live query reads again at each change of what it read, in a transaction of its own; the counts of
 * the outbox that the signed-in screens show read it some ten times a second while an import was sent,
 * and each read held the sync worker's next write back, and was held back by it in turn (in Chromium
 * the page's 838 reads of the outbox in a 74-second send waited 0.9 s each, the worker's writes 0.5 s).
 *
 * Dexie's liveQuery starts a new run at each change and drops the run before it. So a run waits until
 * the pace allows, and only the last run when the wait ends reads; the runs it replaced answer what it
 * read (Dexie drops their answers, but keeps each run's answer as the query's latest value). A change
 * made while a run waits is in what the run after the wait reads; the first read is not held.
 *
 * A read that took long was held back by the sync's writes (IndexedDB runs a store's read after the
 * write asked for before it, and the write after the read): the next waits for the last to end, and
 * then SLOW_PAUSE times as long as it took. Paced from each read's start alone, the counts of an
 * outbox of 47,500 took 2–6 s and began again as each ended, and the worker's every settle of 1,000
 * ops waited behind one (1–3.4 s each, where the same settle of a small outbox took 0.1 s).
 */
import Dexie, { liveQuery } from 'dexie'

/** How many times as long as the last read took the page waits after it, before it reads again. */
export const SLOW_PAUSE = 2

export function pacedReads<T>(ms: number) {
  /** The earliest time the next read may start. */
  let next = Number.NEGATIVE_INFINITY
  /** The read under way, if any: the next waits for it to end. */
  let reading: Promise<unknown> | undefined
  let runs = 0
  /** What the run that ends the current wait reads, for the runs it replaced. */
  let shared: { read: Promise<T>; done: (read: Promise<T>) => void } | undefined
  return async (read: () => Promise<T>): Promise<T> => {
    const run = ++runs
    // Dexie.waitFor keeps the live query's watch across the pause, so the read after it is watched too.
    while (reading) await Dexie.waitFor(reading)
    const wait = next - Date.now()
    if (wait > 0) await Dexie.waitFor(new Promise<void>((resolve) => setTimeout(resolve, wait)))
    if (run !== runs) {
      if (!shared) {
        let done: (read: Promise<T>) => void = () => {}
        const answer = new Promise<T>((resolve) => {
          done = (read) => resolve(read)
        })
        shared = { read: answer, done }
      }
      return shared.read
    }
    const started = Date.now()
    next = started + ms
    const answer = read()
    const ended = answer.then(
      () => undefined,
      () => undefined,
    )
    reading = ended
    void ended.then(() => {
      const now = Date.now()
      next = Math.max(started + ms, now + SLOW_PAUSE * (now - started))
      if (reading === ended) reading = undefined
    })
    shared?.done(answer)
    shared = undefined
    return answer
  }
}

/** A paced live query's latest answer, for any number of screens at once (`useSyncExternalStore`). */
export interface SharedLive<T> {
  subscribe: (onChange: () => void) => () => void
  /** Undefined until first read. */
  get: () => T | undefined
}

const shared = new WeakMap<object, Map<string, SharedLive<unknown>>>()

/**
 * One paced live query of `db` under `name`, however many screens show its answer: the sync chip, the
 * sidebar's badge, the overview and Settings each showed the outbox's count through a live query of
 * their own, and the page read the outbox for each of them at every change. It reads while anyone
 * listens, and stops when the last one leaves. `read` is taken from the first call for `db` and `name`.
 */
export function sharedPacedQuery<T>(
  db: object,
  name: string,
  read: () => Promise<T>,
  ms: number,
): SharedLive<T> {
  let byName = shared.get(db)
  if (!byName) {
    byName = new Map()
    shared.set(db, byName)
  }
  const known = byName.get(name)
  if (known) return known as SharedLive<T>
  const listeners = new Set<() => void>()
  let value: T | undefined
  let stop: (() => void) | undefined
  const live: SharedLive<T> = {
    subscribe: (onChange) => {
      listeners.add(onChange)
      if (!stop) {
        const paced = pacedReads<T>(ms)
        const subscription = liveQuery(() => paced(read)).subscribe((answer) => {
          value = answer
          for (const listener of listeners) listener()
        })
        stop = () => subscription.unsubscribe()
      }
      return () => {
        listeners.delete(onChange)
        if (listeners.size > 0) return
        stop?.()
        stop = undefined
      }
    },
    get: () => value,
  }
  byName.set(name, live as SharedLive<unknown>)
  return live
}
