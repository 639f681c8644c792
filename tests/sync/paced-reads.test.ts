/**
 * A live query through pacedReads reads at most once per pace however fast its tables change, and
 * still ends on what was written last: a change made while it waits is in the read after the wait.
 */
import { liveQuery } from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { pacedReads, SLOW_PAUSE, sharedPacedQuery } from '../../src/db/paced-reads'
import { queuedCount } from '../../src/db/queued-records'
import { createRecord } from '../../src/db/record-writes'

let db: OutpostDb
beforeEach(() => {
  db = new OutpostDb(`paced-${crypto.randomUUID()}`)
})
afterEach(() => db.delete())

const PACE_MS = 200

describe('paced reads', () => {
  it('reads at once, then at most once a pace while changes come, and ends on the last', async () => {
    const paced = pacedReads<number>(PACE_MS)
    let reads = 0
    const seen: number[] = []
    const started = Date.now()
    let firstAfter = Number.POSITIVE_INFINITY
    const subscription = liveQuery(() =>
      paced(() => {
        if (reads++ === 0) firstAfter = Date.now() - started
        return queuedCount(db)
      }),
    ).subscribe((count) => seen.push(count))
    try {
      await expect.poll(() => seen.length).toBe(1)
      expect(firstAfter).toBeLessThan(PACE_MS)
      // 40 changes over about 400 ms: unpaced, a read after each.
      const writing = Date.now()
      for (let n = 0; n < 40; n++) {
        await createRecord({ db, userId: 'u1' }, 'contacts', { firstName: `P${n}` })
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      const writeMs = Date.now() - writing
      await expect.poll(() => seen.at(-1), { timeout: 5_000 }).toBe(40)
      // One read a pace over the writing, the first read, and the one after the last wait.
      expect(reads).toBeLessThanOrEqual(Math.ceil(writeMs / PACE_MS) + 3)
      expect(reads).toBeLessThan(40)
    } finally {
      subscription.unsubscribe()
    }
  })

  it('waits for a slow read to end, then twice as long as it took, before it reads again', async () => {
    const paced = pacedReads<number>(PACE_MS)
    const spans: Array<{ start: number; end: number }> = []
    // A read held back by the sync's writes: 300 ms where the pace is 200.
    const slowRead = async () => {
      const start = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 300))
      spans.push({ start, end: Date.now() })
      return spans.length
    }
    const first = paced(slowRead)
    // The outbox changes again while the first read is under way, and after the pace.
    await new Promise((resolve) => setTimeout(resolve, PACE_MS + 50))
    const second = paced(slowRead)
    expect(await Promise.all([first, second])).toEqual([1, 2])
    const [before, after] = spans as [(typeof spans)[number], (typeof spans)[number]]
    expect(after.start).toBeGreaterThanOrEqual(before.end + SLOW_PAUSE * (before.end - before.start) - 2)
  })

  it('reads once for every screen that shows the answer, and not at all once none does', async () => {
    let reads = 0
    const live = sharedPacedQuery(
      db,
      'queued',
      () => {
        reads++
        return queuedCount(db)
      },
      PACE_MS,
    )
    expect(sharedPacedQuery(db, 'queued', () => Promise.resolve(-1), PACE_MS)).toBe(live)
    const heard = new Map<number, number>()
    const leave = [0, 1, 2].map((screen) =>
      live.subscribe(() => heard.set(screen, (heard.get(screen) ?? 0) + 1)),
    )
    await expect.poll(() => live.get()).toBe(0)
    await createRecord({ db, userId: 'u1' }, 'contacts', { firstName: 'One' })
    await expect.poll(() => live.get(), { timeout: 5_000 }).toBe(1)
    // The first read and the one after the change (perhaps one more for the same change), for all three.
    expect(reads).toBeLessThanOrEqual(3)
    const readsBefore = reads
    expect([0, 1, 2].map((screen) => (heard.get(screen) ?? 0) >= 2)).toEqual([true, true, true])
    for (const stop of leave) stop()
    await createRecord({ db, userId: 'u1' }, 'contacts', { firstName: 'Two' })
    await new Promise((resolve) => setTimeout(resolve, PACE_MS * 2))
    expect(reads).toBe(readsBefore)
  })
})
