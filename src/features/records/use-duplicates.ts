/**
 * The records a form's values may duplicate (src/db/duplicates.ts), looked for a moment after the
 * typing pauses, offline too. On an edit form, a save waits only when a field that tells duplicates
 * differs from the record as saved: a record already like another is not asked about at every
 * save (an Admin is shown it, to merge). `ask` marks that a save met a match, so the notice asks to
 * save anyway. A save made before the typing paused looks at once (`holdsSave`): the pause is for
 * the notice while typing, never a way past it; and a save made before the list index is built
 * (the first seconds of a tab holding 100,000 contacts) waits for it, never saving unlooked.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { afterNextPaint } from '../../db/after-paint'
import { type Duplicate, findDuplicates, prepareDuplicateLooks } from '../../db/duplicates'
import { mirrorIndex } from '../../db/mirror-index'
import type { CollectionName } from '../../domain/collections'
import { duplicateProbe, findsDuplicates } from '../../domain/duplicates'

/** How long the typing must pause before the device looks. */
export const DUPLICATE_PAUSE_MS = 250

const noMatches: Duplicate[] = []

/** The matches last found, with the probe they answer. */
interface Found {
  key: string
  matches: Duplicate[]
}

/**
 * The matches last found, held outside React's state: when a look answers at the typing's pause, only
 * the notice that reads them renders again (`useMatches`), not the whole form around it (a whole Add
 * Contact page rendered for each answer was most of the notice's time on screen).
 */
export interface FoundMatches {
  get: () => Found
  subscribe: (listener: () => void) => () => void
}

function foundMatches(): FoundMatches & { set: (found: Found) => void } {
  let found: Found = { key: '', matches: noMatches }
  const listeners = new Set<() => void>()
  return {
    get: () => found,
    set: (next) => {
      if (next.key === found.key && next.matches === found.matches) return
      found = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The matches a check last found, read where they are shown. */
export const useMatches = (check: DuplicateCheck) =>
  useSyncExternalStore(check.found.subscribe, check.found.get).matches

export interface DuplicateCheck {
  /** The matches last found (`useMatches`): the last answer is shown until the next one comes. */
  found: FoundMatches
  /**
   * The typing made the match (an add, or an edit of a field that tells duplicates): a save waits for
   * 'Save anyway'. Otherwise the record already was like these: an Admin is shown them to merge.
   */
  blocking: boolean
  /** A save met the matches: the notice now asks to save anyway. */
  asked: boolean
  ask: () => void
  /** The matches of the values as they are now, looked for at once (once the list index is built). */
  current: () => Promise<Duplicate[]>
}

export function useDuplicates(
  collection: CollectionName,
  values: Record<string, unknown>,
  record?: { id: string } & Record<string, unknown>,
): DuplicateCheck {
  const { db } = useRuntime()
  const checks = findsDuplicates(collection)
  const index = mirrorIndex(db, collection)
  const version = useSyncExternalStore(index.subscribe, index.getVersion)
  // The matches, with the probe they answer: the last answer is shown until the next one comes.
  const [found] = useState(foundMatches)
  const [asked, setAsked] = useState(false)
  // What is looked for: the typed values of the fields that tell duplicates (all of them, as one key).
  const probe = checks ? duplicateProbe(collection, values) : null
  const saved = record && checks ? duplicateProbe(collection, record) : null
  const key = probe ? JSON.stringify(probe) : ''
  const blocking = key !== '' && key !== JSON.stringify(saved)

  useEffect(() => {
    if (checks) index.warm()
  }, [checks, index])

  // Once the index is built (and after each change to it), the texts a look reads are joined after the
  // next paint, so the look at the typing's pause is a search alone, not a join of every entry first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index version is a change to join again
  useEffect(() => {
    if (checks && index.ready) return afterNextPaint(() => prepareDuplicateLooks(index, collection))
  }, [checks, index, collection, version])

  // When the typing and the index last changed: the pause counts from the later, not from the effect
  // below, which React runs after the frame that shows the keystroke (up to a frame later).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time `key` changed
  const typedAt = useMemo(() => performance.now(), [key])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time `version` changed
  const changedAt = useMemo(() => performance.now(), [version])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the probe; a new index version may hold new rows
  useEffect(() => {
    setAsked(false)
    if (!key || !index.ready) {
      found.set({ key, matches: noMatches })
      return
    }
    // The last answer stays until the new one: a notice that blinked at every keystroke would be noise.
    const paused = performance.now() - Math.max(typedAt, changedAt)
    const timer = setTimeout(
      () => found.set({ key, matches: findDuplicates(index, JSON.parse(key), record?.id) }),
      Math.max(0, DUPLICATE_PAUSE_MS - paused),
    )
    return () => clearTimeout(timer)
  }, [key, index, version, record?.id, found])

  const current = async () => {
    if (!key) return noMatches
    if (!index.ready) {
      index.warm()
      await index.idle()
      // Still not built: the database closed under the form (signed out), and nothing will be saved.
      if (!index.ready) return noMatches
    }
    const matches = findDuplicates(index, JSON.parse(key), record?.id)
    found.set({ key, matches })
    return matches
  }
  return { found, blocking, asked, ask: () => setAsked(true), current }
}

/** Whether a save must wait for 'Save anyway': the typing made a match. Asks, when it must. */
export async function holdsSave(check: DuplicateCheck): Promise<boolean> {
  if (!check.blocking || (await check.current()).length === 0) return false
  check.ask()
  return true
}
