/**
 * Sessions remembered in memory, ONLY for a database this process is the sole
 * client of (PGlite, db/write.ts): there nobody else can end a session, so
 * forgetting on every change made here keeps the cache exact, and each request
 * saves the lookup statement (a fifth of an outbox write's cost in-process).
 * With PostgreSQL another process may log a user out at any moment, so every
 * request reads the database. Entries also lapse after a few seconds, which
 * bounds the harm should a future change path forget to call forgetSessions().
 */
import type { User } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { isSoleClient } from '../db/write'

/** A signed-in session as a request sees it (auth/sessions.ts reads it, this file remembers it). */
export interface ActiveSession {
  tokenHash: string
  createdAt: Date
  lastSeenAt: Date
  /** Who is asking, and their role: all that deciding needs (users/me reads the full profile). */
  user: User
}

const LIFETIME_MS = 5_000
const MAX_ENTRIES = 1_000

interface Entry {
  db: Db
  session: ActiveSession
  until: number
}

/** One map for the process: forgetting clears every database's entries, which is never wrong. */
const entries = new Map<string, Entry>()
/**
 * Bumped by every forget: a lookup that started before a change must not
 * cache what it read (it may have read the state the change replaced).
 */
let generation = 0
export const sessionGeneration = () => generation

export function cachedSession(db: Db, tokenHash: string): ActiveSession | undefined {
  const entry = entries.get(tokenHash)
  if (!entry || entry.db !== db) return undefined
  if (entry.until > Date.now()) return entry.session
  entries.delete(tokenHash)
  return undefined
}

export function rememberSession(db: Db, session: ActiveSession, readAt: number) {
  if (!isSoleClient(db) || readAt !== generation) return
  if (entries.size >= MAX_ENTRIES) entries.clear()
  entries.set(session.tokenHash, { db, session, until: Date.now() + LIFETIME_MS })
}

const changeWatchers = new Set<() => void>()
/** Hears every change to sessions or users made in this process (the feed streams look again at theirs). */
export function watchSessionChanges(watcher: () => void): () => void {
  changeWatchers.add(watcher)
  return () => changeWatchers.delete(watcher)
}

/** After any change to sessions or users (a logout, a password, a role, a deletion): start afresh. */
export function forgetSessions() {
  generation++
  entries.clear()
  for (const watcher of changeWatchers) watcher()
}
