/**
 * Watches this user's mirror for the signed-in screens: first tells whether
 * the browser evicted the mirror the device held (src/db/eviction.ts), then
 * keeps the device marker up to date while the mirror holds anything worth
 * losing (downloaded records, or changes waiting to be sent), with the count
 * of those changes, so a later eviction can say how many went with it. The
 * mirror's token is written through the runtime's one door for writes
 * (useRuntime().mutate, src/sync/mutators.ts); only its reads come from src/db.
 */
import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { OutpostDb } from '../../db/database'
import { judgeMirror, mirrorToken } from '../../db/eviction'
import { META, readMeta } from '../../db/meta'
import { pacedReads } from '../../db/paced-reads'
import { OUTBOX_PACE_MS, queuedCount } from '../../db/queued-records'
import { markerEntry, markMirror } from '../../session/device-marker'

export interface EvictedMirror {
  /** Changes that were waiting to be sent and are gone; null when not known. */
  lost: number | null
}

export function useMirrorWatch(db: OutpostDb, userId: string) {
  const [evicted, setEvicted] = useState<EvictedMirror | null>(null)
  const { mutate } = useRuntime()

  useEffect(() => {
    let live = true
    let unsubscribe = () => {}
    // Read before anything of this session marks the device: the marker as the last session left it.
    const entry = markerEntry(userId)
    void mirrorToken(db)
      .then((token) => {
        if (!live) return
        const verdict = judgeMirror(entry, token)
        // The old mark stays until the new mirror holds something: a reload during the download tells it
        // again (it is still true), and once the records are back the new mark ends it.
        if (verdict.kind === 'evicted') setEvicted({ lost: verdict.lost })
        let written = ''
        // Paced as the screens' count of the outbox is (useQueuedCount).
        const paced = pacedReads<[number, boolean]>(OUTBOX_PACE_MS)
        const subscription = liveQuery(() =>
          paced(() => Promise.all([queuedCount(db), readMeta(db, META.hydrated, false)])),
        ).subscribe(([pending, hydrated]) => {
          // A first download cut short, with nothing typed, is nothing to lose: no mark, so no false alarm.
          if (!hydrated && pending === 0) return
          void mutate.ensureMirrorToken().then((token) => {
            const next = `${token}:${pending}`
            if (!live || next === written) return
            written = next
            markMirror({ userId, token, pending })
          })
        })
        unsubscribe = () => subscription.unsubscribe()
      })
      .catch(() => {
        // A database that cannot be read says nothing either way; the screens report their own failures.
      })
    return () => {
      live = false
      unsubscribe()
    }
  }, [db, userId, mutate])

  return [evicted, () => setEvicted(null)] as const
}
