/**
 * The dashboard's counting, in a worker: reading 100,000 rows and keeping
 * them counted costs the page nothing (not even the garbage of the rows read),
 * and the page gets only the figures. The worker opens the user's database
 * itself and hears every committed change over the same channel as the
 * page's own list indexes (mirror-changes.ts), from this tab and others.
 */
import { OutpostDb } from '../../../db/database'
import { type Figures, followFigures } from './snapshot'
import { DashboardTally } from './tally'

export interface FiguresMessage {
  figures: Figures
}

/** Rows per read: no frame to keep here, so fewer, larger reads (a read costs a round trip to the database). */
const CHUNK = 10_000

let started = false

self.onmessage = (event: MessageEvent<{ dbName: string }>) => {
  if (started) return
  started = true
  const tally = new DashboardTally(new OutpostDb(event.data.dbName), CHUNK)
  followFigures(tally, (figures) => self.postMessage({ figures } satisfies FiguresMessage))
}
