/**
 * The sync worker's messages (docs/sync.md, "The sync worker"). The page keeps
 * the scheduler and the Web Lock; inside the lock it asks its worker for one
 * `sync()`, and the worker's engine answers with the run's result. The
 * engine's status and its notices travel back to the page as they happen.
 */
import type { MirrorChanges, Written } from '../../db/mirror-changes'
import type { NoticeLevel } from '../context'
import type { RunResult, SyncEngine } from '../engine'
import type { SyncState } from '../status'

/** `tag` marks the worker's posts on the mirror's BroadcastChannel, which its own page then ignores. */
export type ToWorker = { type: 'open'; userId: string; tag: string } | { type: 'sync'; id: number }

export type FromWorker =
  | { type: 'ran'; id: number; result: RunResult }
  | { type: 'status'; state: SyncState }
  | { type: 'notice'; text: string; level: NoticeLevel }
  /** What the worker's transactions wrote to the mirror, each row cut to its list-index entry's fields, for its page's list indexes. */
  | { type: 'wrote'; changes: MirrorChanges; written: Written }

/** One end of the conversation: the worker's global scope inside it, a `Worker` (WorkerEnd) on the page. */
export interface Port<In, Out> {
  postMessage(message: Out): void
  onmessage: ((event: MessageEvent<In>) => void) | null
}

export interface Opening {
  userId: string
  tag: string
  notify: (text: string, level: NoticeLevel) => void
  /** To be told of every committed mirror write the engine makes. */
  wrote: (changes: MirrorChanges, written: Written) => void
}

export type MakeEngine = (opening: Opening) => SyncEngine

/** Worker side: opens the engine on the first 'open' and answers every 'sync' with its run's result. */
export function serveSync(port: Port<ToWorker, FromWorker>, makeEngine: MakeEngine) {
  let engine: SyncEngine | null = null
  port.onmessage = ({ data }) => {
    if (data.type === 'open') {
      if (engine) return
      const opened = makeEngine({
        userId: data.userId,
        tag: data.tag,
        notify: (text, level) => port.postMessage({ type: 'notice', text, level }),
        wrote: (changes, written) => port.postMessage({ type: 'wrote', changes, written }),
      })
      opened.status.subscribe(() => port.postMessage({ type: 'status', state: opened.status.get() }))
      engine = opened
      return
    }
    // The page holds the Web Lock until this answer comes: there must always be one.
    const run: Promise<RunResult> = engine ? engine.sync() : Promise.resolve('error')
    void run
      .catch((): RunResult => 'error')
      .then((result) => port.postMessage({ type: 'ran', id: data.id, result }))
  }
}
