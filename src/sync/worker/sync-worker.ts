/**
 * The sync worker: the replay and the pull, off the page's main thread. The
 * tab that holds the Web Lock asks it for each run (worker-runner.ts); it
 * opens the user's database itself. What it writes reaches the tab's live
 * queries over Dexie's BroadcastChannel, as another tab's writes do, and the
 * tab's list indexes from here, as the rows written, cut to what their
 * entries are made of (mirror-changes.ts and index-entries.ts say why).
 */
import { databaseName, OutpostDb } from '../../db/database'
import { entryRowsOf, inListOrder } from '../../db/index-entries'
import { onMirrorChanges, tagMirrorChanges } from '../../db/mirror-changes'
import { fetchTransport } from '../../transport/http'
import { SyncEngine } from '../engine'
import { type FromWorker, type Port, serveSync, type ToWorker } from './protocol'

serveSync(self as unknown as Port<ToWorker, FromWorker>, ({ userId, tag, notify, wrote }) => {
  const db = new OutpostDb(databaseName(userId))
  tagMirrorChanges(tag)
  // This worker's own writes, in list order, with the fields of their rows the page's list indexes make
  // their entries of; other contexts' writes are none of its page's business here.
  onMirrorChanges(db.name, (changes, written) => {
    if (!written) return
    const rows = entryRowsOf(written)
    wrote(inListOrder(changes, rows), rows)
  })
  return new SyncEngine({ db, transport: fetchTransport(), userId, notify })
})
