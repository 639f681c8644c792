/**
 * PostgreSQL through node-postgres (DATABASE_URL). A module of its own so that
 * a start on PGlite never loads pg and its Drizzle driver (~0.1 s of a start).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { canListen, type ListenFn } from './feed-signal'
import type { Db, DbHandle } from './handle'
import { PLANNER_SETTINGS } from './planner'
import { budgetSetting, QUERY_BUDGET_MS } from './query-budget'
import * as schema from './schema'

export function openPostgres(databaseUrl: string, budgetMs = QUERY_BUDGET_MS): DbHandle {
  const budget = budgetSetting(budgetMs)
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Plain SETs on each new connection (a startup `options` parameter is refused by PgBouncer).
    // The budget is the connection's, so every statement of every request has it (query-budget.ts).
    onConnect: async (client) => {
      await client.query(`${PLANNER_SETTINGS}; ${budget}`)
    },
  })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema }) as unknown as Db
  const unbudgeted = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await client.query(budgetSetting(0))
      return await work(drizzle(client, { schema }) as unknown as Db)
    } finally {
      // Back to the pool with its budget, or, if that cannot be set, not back at all.
      await client.query(budget).catch((error: Error) => {
        broken = error
      })
      client.release(broken)
    }
  }
  const listening = new Set<() => Promise<void>>()
  const listen: ListenFn = async (channel, onPayload) => {
    const { stop, first } = listenOn(databaseUrl, channel, onPayload)
    listening.add(stop)
    await first
    return async () => {
      listening.delete(stop)
      await stop()
    }
  }
  canListen(db, listen)
  const close = async () => {
    await Promise.all([...listening].map((stop) => stop()))
    await pool.end()
  }
  return { db, driver: 'pg', close, unbudgeted }
}

const RELISTEN_FIRST_MS = 500
const RELISTEN_MOST_MS = 30_000

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool, and its LISTEN with it),
 * opened again after a failure, sooner first then less often. Each reopening reports '' to
 * `onPayload`: notifications sent while it was down are lost, so the listener must assume one.
 * `first` settles when the first LISTEN is in place, or has failed (its reopening will report '').
 */
function listenOn(databaseUrl: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let waitMs = RELISTEN_FIRST_MS
  const open = async (reopened: boolean) => {
    if (stopped) return
    const next = new pg.Client({ connectionString: databaseUrl })
    client = next
    next.on('notification', (message) => onPayload(message.payload ?? ''))
    next.on('error', () => reopen(next))
    next.on('end', () => reopen(next))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
      waitMs = RELISTEN_FIRST_MS
      if (reopened) onPayload('')
    } catch {
      reopen(next)
    }
  }
  const reopen = (failed: pg.Client) => {
    if (stopped || failed !== client) return
    client = undefined
    failed.end().catch(() => {})
    retry = setTimeout(() => void open(true), waitMs)
    waitMs = Math.min(waitMs * 2, RELISTEN_MOST_MS)
  }
  const first = open(false)
  const stop = async () => {
    stopped = true
    clearTimeout(retry)
    const last = client
    client = undefined
    await last?.end().catch(() => {})
  }
  return { stop, first }
}
