/**
 * How often a password may be tried on this device with no server to ask:
 * the lock screen offline and signing in offline share this one count per
 * user, kept in localStorage so a reload or another tab does not reset it.
 * Five wrong tries are free (typos); then each one more makes the next wait,
 * from a minute, doubling, to at most fifteen. A right password clears it.
 * The words are the server's own for its sign-in lockout.
 */

const triesKey = (userId: string) => `passwordTries.${userId}`

const FREE_TRIES = 5
const FIRST_WAIT_MS = 60_000
const LONGEST_WAIT_MS = 15 * 60_000

interface Tries {
  failures: number
  /** Epoch ms before which no password is checked. */
  until: number
}

function readTries(userId: string, storage: Storage): Tries {
  try {
    const tries = JSON.parse(storage.getItem(triesKey(userId)) ?? 'null') as Tries | null
    if (tries && Number.isFinite(tries.failures) && Number.isFinite(tries.until)) return tries
  } catch {
    // A value this code did not write: counted from zero.
  }
  return { failures: 0, until: 0 }
}

/** Milliseconds until a password may be tried again; 0 when it may be tried now. */
export const triesWait = (userId: string, now: number, storage: Storage = localStorage) =>
  Math.max(0, readTries(userId, storage).until - now)

export function failedTry(userId: string, now: number, storage: Storage = localStorage) {
  const failures = readTries(userId, storage).failures + 1
  const over = failures - FREE_TRIES
  const until = over >= 0 ? now + Math.min(FIRST_WAIT_MS * 2 ** over, LONGEST_WAIT_MS) : 0
  storage.setItem(triesKey(userId), JSON.stringify({ failures, until } satisfies Tries))
}

export const clearTries = (userId: string, storage: Storage = localStorage) =>
  storage.removeItem(triesKey(userId))

export function waitText(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
