/**
 * How many changes a user still has waiting on this device, read straight
 * from their database: the lock screen asks before logging out, and it runs
 * with no sync runtime (a locked app opens no records).
 */
import Dexie from 'dexie'
import { databaseName, OutpostDb } from '../db/database'

export async function unsyncedChanges(userId: string): Promise<number> {
  const name = databaseName(userId)
  // Never create a database only to count what is not there.
  if (!(await Dexie.exists(name))) return 0
  const db = new OutpostDb(name)
  try {
    return await db.outbox.count()
  } finally {
    db.close()
  }
}
