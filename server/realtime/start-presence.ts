/**
 * The process's presence (presence.ts), joined to the other processes on the same PostgreSQL: what
 * this one is told goes out over NOTIFY, and what they say comes in over LISTEN. On PGlite it is
 * the only process, and keeps to itself.
 */
import { sql } from 'drizzle-orm'
import { listenToOthers } from '../db/feed-signal'
import type { Db } from '../db/open'
import { isSoleClient } from '../db/write'
import { PRESENCE_CHANNEL, Presence, type PresenceOptions } from './presence'

export function startPresence(db: Db, options: PresenceOptions) {
  // Whether anyone else may be on this database: the question write.ts asks before its lock and NOTIFY.
  const others = !isSoleClient(db)
  const presence = new Presence((payload) => {
    // Lost if the database does not answer: each screen says it again within 25 s.
    if (others) db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${payload})`).catch(() => {})
  }, options)
  const listening = listenToOthers(db, PRESENCE_CHANNEL, (payload) => presence.heard(payload))
  return {
    presence,
    stop: async () => {
      presence.close()
      if (listening) await (await listening)()
    },
  }
}
