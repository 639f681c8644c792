import fc from 'fast-check'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { FieldOrders } from '../../../src/db/field-order'
import { compareEntries, type Entry } from '../../../src/db/index-entries'
import type { OrderChange } from '../../../src/db/mirror-entries'
import { SortKeys } from '../../../src/db/sort-keys'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'

/** Values as lists hold them: ASCII in both cases, accents, letters that grow when lower-cased, astral ones, nothing. */
const value = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'B', 'z', 'Z', '-', ' ', '0', 'É', 'é', 'ß', 'İ', 'Σ', 'ｚ', '😀'),
    maxLength: 3,
  }),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(''),
)
const FIELDS = ['name', 'title', 'email'] as const
const values = fc.record({ own: value, name: value, title: value, email: value })
type Values = typeof values extends fc.Arbitrary<infer V> ? V : never

/** An entry as the index makes it: its place by `own`, the other fields shown. */
const entryOf = (id: string, { own, ...shown }: Values) =>
  ({ id, key: sortKeyOf(own), found: '', phones: '', shown: { id, ...shown }, links: undefined }) as Entry

/** What a change does to one row, as the store tells it (mirror-entries.ts). */
const change = fc.oneof(
  fc.record({ add: values }),
  fc.record({ remove: fc.nat() }),
  // Its place changes: a new entry, the old one leaving.
  fc.record({ move: fc.nat(), to: values }),
  // Its place stays, what the list shows of it changes: the same entry, its shown row replaced.
  fc.record({ reshow: fc.nat(), to: values }),
)

type Change = typeof change extends fc.Arbitrary<infer C> ? C : never

/** A batch of changes applied to the entries, one change a row (the store dedupes a batch's ids), and the change as the store tells it. */
function applyBatch(ordered: readonly Entry[], batch: readonly Change[], newId: () => string) {
  const touched = new Set<Entry>()
  const leaving = new Set<Entry>()
  const added: Entry[] = []
  const reshown: Entry[] = []
  for (const step of batch) {
    if ('add' in step) {
      added.push(entryOf(newId(), step.add))
      continue
    }
    const index = 'remove' in step ? step.remove : 'move' in step ? step.move : step.reshow
    const old = ordered[index % Math.max(1, ordered.length)]
    if (!old || touched.has(old)) continue
    touched.add(old)
    if ('remove' in step) leaving.add(old)
    else if ('move' in step) {
      leaving.add(old)
      added.push(entryOf(old.id, step.to))
    } else {
      const { own: _, ...shown } = step.to
      old.shown = { id: old.id, ...shown }
      reshown.push(old)
    }
  }
  const removedAt = ordered.flatMap((entry, at) => (leaving.has(entry) ? [at] : []))
  const now = [...ordered.filter((entry) => !leaving.has(entry)), ...added].sort(compareEntries)
  const told: OrderChange = { removedAt, added, reshown }
  return { ordered: now, told }
}

/** A page asked for: `members` are the positions a search matched (null: no search). */
const ask = fc.record({
  field: fc.constantFrom(...FIELDS),
  descending: fc.boolean(),
  offset: fc.nat(40),
  count: fc.integer({ min: 1, max: 45 }),
  members: fc.option(fc.uniqueArray(fc.nat(40)), { nil: null }),
})
type Ask = typeof ask extends fc.Arbitrary<infer A> ? A : never

/** Every entry (in `members` when given) by `field`, as the server orders them, sorted whole. */
function expected(
  ordered: readonly Entry[],
  field: string,
  descending: boolean,
  members: Set<number> | null,
) {
  return ordered
    .filter((_, position) => !members || members.has(position))
    .map((entry) => ({ id: entry.id, key: sortKeyOf(entry.shown[field]) }))
    .sort((a, b) => compareListOrder(a, b, descending))
    .map((entry) => entry.id)
}

describe('a list’s entries kept in the order of a field it shows', () => {
  it('pages as sorting every entry does, either way, searched or not, through adds, removes, moves and edits', () => {
    fc.assert(
      fc.property(
        fc.array(values, { maxLength: 30 }),
        fc.array(
          fc.record({ asks: fc.array(ask, { maxLength: 3 }), batch: fc.array(change, { maxLength: 6 }) }),
          {
            maxLength: 8,
          },
        ),
        (start, steps) => {
          let next = 0
          let ordered = start.map((one) => entryOf(`id${next++}`, one)).sort(compareEntries)
          // Two kept for three fields: orders are dropped and built again as they are asked for.
          const orders = new FieldOrders(2)
          const check = ({ field, descending, offset, count, members }: Ask) => {
            const marked = members ? new Set(members.filter((at) => at < ordered.length)) : null
            let marks: Uint8Array | null = null
            if (marked) {
              marks = new Uint8Array(ordered.length)
              for (const at of marked) marks[at] = 1
            }
            const got = orders.page(ordered, field, descending, offset, count, marks)
            const want = expected(ordered, field, descending, marked).slice(offset, offset + count)
            expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(want)
          }
          for (const { asks, batch } of steps) {
            for (const one of asks) check(one)
            const applied = applyBatch(ordered, batch, () => `id${next++}`)
            ordered = applied.ordered
            orders.follow(ordered, applied.told)
          }
          for (const field of FIELDS)
            for (const descending of [false, true])
              check({ field, descending, offset: 0, count: ordered.length + 1, members: null })
        },
      ),
      { numRuns: 400 },
    )
  })

  it('reads a page deep in a run of equal values, either way, from the run’s ids ascending', () => {
    const ordered = Array.from({ length: 50 }, (_, i) =>
      entryOf(`id${String(i).padStart(2, '0')}`, {
        own: `k${i}`,
        name: i < 5 ? 'Z' : 'same',
        title: null,
        email: null,
      }),
    ).sort(compareEntries)
    const orders = new FieldOrders(1)
    const ids = (descending: boolean, offset: number) =>
      orders.page(ordered, 'name', descending, offset, 3, null).map((at) => (ordered[at] as Entry).id)
    expect(ids(false, 0)).toEqual(['id05', 'id06', 'id07'])
    expect(ids(true, 0)).toEqual(['id00', 'id01', 'id02'])
    expect(ids(true, 4)).toEqual(['id04', 'id05', 'id06'])
    expect(ids(true, 48)).toEqual(['id48', 'id49'])
  })
})

describe('an order built after the first sort that asked for it', () => {
  /** Tasks set to run later, run when a step says (a frame painted): the builds' own task queue. */
  function taskQueue() {
    const tasks = new Set<() => void>()
    const later = (run: () => void) => {
      tasks.add(run)
      return () => {
        tasks.delete(run)
      }
    }
    const runOne = () => {
      const [task] = tasks
      if (!task) return false
      tasks.delete(task)
      task()
      return true
    }
    return { later, tasks, runOne }
  }

  it('pages as sorting every entry does, whenever its build runs among adds, removes, moves and edits', () => {
    const step = fc.oneof(
      // A sort asked for: read from the order when kept, else the build asked for (the index picks page 1).
      fc.record({ sort: fc.constantFrom(...FIELDS) }),
      fc.record({ batch: fc.array(change, { maxLength: 6 }) }),
      fc.record({ paint: fc.constant(true) }),
      // The list left still a moment: every field's order asked for ahead of its sort…
      fc.record({ ahead: fc.constant(true) }),
      // …and, sooner, every field's sort keys, for a first sort before its order is built.
      fc.record({ keys: fc.constant(true) }),
      // The entries replaced: every order goes, and every build waiting.
      fc.record({ stale: fc.constant(true) }),
    )
    // The clock stands still: a build of 30 entries ends in the slice that starts it, as it does on any
    // device, not only when no collection or compile of 4 ms (SLICE_MS) falls in it, which on a busy
    // machine one run of 400 met. Builds cut across slices are the later tests' (tens of thousands).
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0)
    onTestFinished(() => clock.mockRestore())
    fc.assert(
      fc.property(fc.array(values, { maxLength: 30 }), fc.array(step, { maxLength: 16 }), (start, steps) => {
        let next = 0
        let ordered = start.map((one) => entryOf(`id${next++}`, one)).sort(compareEntries)
        const { later, tasks, runOne } = taskQueue()
        // Two kept for three fields: a build may drop an order kept, and one waiting may be dropped.
        const orders = new FieldOrders(2, later, new SortKeys())
        const current = () => ordered
        const checkKept = () => {
          // A first page picked from the keys made ahead, searched or not: as sorting every entry.
          for (const field of FIELDS) {
            const members = ordered.flatMap((_, at) => (at % 3 === 1 ? [at] : []))
            for (const [descending, among] of [
              [false, null],
              [true, null],
              [false, members],
              [true, members],
            ] as const) {
              const picked = orders.firstByKeys(field, descending, 7, among)
              expect(picked === undefined).toBe(!orders.hasKeys(field))
              if (picked)
                expect(picked.map((at) => (ordered[at] as Entry).id)).toEqual(
                  expected(ordered, field, descending, among && new Set(among)).slice(0, 7),
                )
            }
          }
          for (const field of FIELDS) {
            if (!orders.has(field)) continue
            for (const descending of [false, true]) {
              const got = orders.page(ordered, field, descending, 0, ordered.length + 1, null)
              expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(
                expected(ordered, field, descending, null),
              )
            }
          }
        }
        let askedLast: string | null = null
        for (const one of steps) {
          if ('sort' in one) {
            const kept = orders.has(one.sort)
            orders.buildLater(one.sort, current)
            // Nothing built in the click that asked: a task set to build it later, unless kept already.
            expect(orders.has(one.sort)).toBe(kept)
            if (!kept) askedLast = one.sort
            expect(tasks.size).toBeLessThanOrEqual(1)
          } else if ('paint' in one) {
            // The field asked for last is built first.
            if (runOne() && askedLast) expect(orders.has(askedLast)).toBe(true)
            askedLast = null
          } else if ('ahead' in one) {
            orders.buildAhead(FIELDS, current)
            expect(tasks.size).toBeLessThanOrEqual(1)
          } else if ('keys' in one) {
            orders.makeKeysAhead(FIELDS, current)
            expect(tasks.size).toBeLessThanOrEqual(1)
          } else if ('stale' in one) {
            orders.forget()
            askedLast = null
            expect(tasks.size).toBe(0)
          } else {
            const applied = applyBatch(ordered, one.batch, () => `id${next++}`)
            ordered = applied.ordered
            orders.follow(ordered, applied.told)
          }
          checkKept()
        }
        if (runOne() && askedLast) expect(orders.has(askedLast)).toBe(true)
        while (runOne()) checkKept()
        checkKept()
        // Keys asked for are made once no change cuts them: every field's, whatever else was asked.
        if (steps.some((one) => 'keys' in one) && !steps.some((one) => 'stale' in one || 'batch' in one))
          expect(FIELDS.every((field) => orders.hasKeys(field))).toBe(true)
        // However many were asked for, no more than two are kept.
        expect(FIELDS.filter((field) => orders.has(field)).length).toBeLessThanOrEqual(2)
      }),
      { numRuns: 400 },
    )
  })

  it('builds the field asked for last first, each in a task of its own, and tells when none waits', async () => {
    const ordered = ['b', 'a', 'c'].map((own, i) =>
      entryOf(`id${i}`, { own, name: own, title: own, email: own }),
    )
    ordered.sort(compareEntries)
    const { later, tasks, runOne } = taskQueue()
    const orders = new FieldOrders(2, later)
    let built = false
    orders.buildLater('name', () => ordered)
    orders.buildLater('title', () => ordered)
    void orders.built().then(() => {
      built = true
    })
    expect(tasks.size).toBe(1)
    runOne()
    expect([orders.has('name'), orders.has('title')]).toEqual([false, true])
    expect(tasks.size).toBe(1)
    runOne()
    expect(orders.has('name')).toBe(true)
    await Promise.resolve()
    expect(built).toBe(true)
  })

  it('loads the sort keys when first asked for, makes them then, and makes none a change or a forget came before', async () => {
    const ordered = ['b', 'a', 'c'].map((own, i) =>
      entryOf(`id${i}`, { own, name: `${own}${i}`, title: own, email: own }),
    )
    ordered.sort(compareEntries)
    const { later, runOne } = taskQueue()
    const orders = new FieldOrders(2, later)
    orders.makeKeysAhead(FIELDS, () => ordered)
    // The code is loaded after the next paint, and nothing is sliced before it is there: the keys are
    // made once it is loaded.
    expect(orders.hasKeys('name')).toBe(false)
    expect(runOne()).toBe(true)
    expect(runOne()).toBe(false)
    const built = orders.built()
    let settled = false
    void built.then(() => {
      settled = true
    })
    await vi.waitFor(() => expect(runOne()).toBe(true))
    while (runOne());
    await built
    expect(settled).toBe(true)
    expect(FIELDS.every((field) => orders.hasKeys(field))).toBe(true)
    expect(orders.firstByKeys('name', true, 2, null)?.map((at) => ordered[at]?.id)).toEqual(['id2', 'id0'])

    // A change while the code loads drops the keys asked for, as it drops those being made.
    for (const cut of ['change', 'forget'] as const) {
      const other = new FieldOrders(2, later)
      other.makeKeysAhead(FIELDS, () => ordered)
      expect(runOne()).toBe(true)
      if (cut === 'forget') other.forget()
      else other.follow(ordered, { removedAt: [], added: [], reshown: [] })
      await other.built()
      await import('../../../src/db/sort-keys')
      await Promise.resolve()
      expect(runOne()).toBe(false)
      expect(FIELDS.some((field) => other.hasKeys(field))).toBe(false)
      // Asked again, they are made.
      other.makeKeysAhead(FIELDS, () => ordered)
      while (runOne());
      await other.built()
      expect(FIELDS.every((field) => other.hasKeys(field))).toBe(true)
    }
  })

  it('builds nothing from entries being read again, nor once the orders are forgotten', async () => {
    const ordered = [entryOf('id0', { own: 'a', name: 'a', title: 'a', email: 'a' })]
    const { later, tasks, runOne } = taskQueue()
    const orders = new FieldOrders(2, later)
    orders.buildLater('name', () => null)
    runOne()
    expect(orders.has('name')).toBe(false)
    await orders.built()
    orders.buildLater('name', () => ordered)
    orders.forget()
    expect(tasks.size).toBe(0)
    await orders.built()
    // A page read from an order while its build waits builds it then, and the build waiting goes.
    orders.buildLater('title', () => ordered)
    expect(orders.page(ordered, 'title', false, 0, 1, null)).toEqual([0])
    expect(tasks.size).toBe(0)
    await orders.built()
  })
})

describe('an order built in slices', () => {
  /** Values with many ties and empties, as a column of 100,000 contacts holds them. */
  const spread = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const word = ['Ada', 'ada', 'Émile', 'zoë', '', null, 'Grace', `n${(i * 7919) % 977}`][i % 8] ?? null
      return entryOf(`id${String((i * 104_729) % count).padStart(6, '0')}`, {
        own: `o${i}`,
        name: word,
        title: i % 3 ? `T${(i * 31) % 50}` : null,
        email: `e${(i * 7) % count}`,
      })
    }).sort(compareEntries)

  /** Tasks run in turn, counted: each is one slice of a build. */
  function slices() {
    const tasks: (() => void)[] = []
    let ran = 0
    const later = (run: () => void) => {
      tasks.push(run)
      return () => {
        const at = tasks.indexOf(run)
        if (at >= 0) tasks.splice(at, 1)
      }
    }
    const runAll = () => {
      for (let task = tasks.shift(); task; task = tasks.shift()) {
        ran++
        task()
      }
      return ran
    }
    return { later, tasks, runAll, ran: () => ran }
  }

  it('orders tens of thousands of entries across its sorted runs and their merges as sorting them whole does', () => {
    // Several runs of 2,048 and an odd one at the end: every merge pass, a run left over at each.
    const ordered = spread(21_000)
    const orders = new FieldOrders(3)
    for (const field of FIELDS)
      for (const descending of [false, true]) {
        const got = orders.page(ordered, field, descending, 0, ordered.length, null)
        expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(expected(ordered, field, descending, null))
      }
  })

  it('builds ahead every field not kept, in many short tasks, and then answers their pages from them', async () => {
    const ordered = spread(60_000)
    const { later, tasks, runAll } = slices()
    const orders = new FieldOrders(3, later)
    orders.buildAhead(['name', 'title'], () => ordered)
    // Nothing is built in the call: a slice is set to run.
    expect([orders.has('name'), orders.has('title'), tasks.length]).toEqual([false, false, 1])
    let built = false
    void orders.built().then(() => {
      built = true
    })
    // Two sorts of 60,000 take more than one slice of a few milliseconds each.
    expect(runAll()).toBeGreaterThan(2)
    expect([orders.has('name'), orders.has('title'), orders.has('email')]).toEqual([true, true, false])
    await Promise.resolve()
    expect(built).toBe(true)
    const got = orders.page(ordered, 'title', true, 0, 50, null)
    expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(
      expected(ordered, 'title', true, null).slice(0, 50),
    )
    // Asked again with both kept: nothing to build.
    orders.buildAhead(['name', 'title'], () => ordered)
    expect(tasks.length).toBe(0)
  })

  it('drops what it builds ahead at a change, and starts a build a sort asked for again, from the entries then', () => {
    let ordered = spread(30_000)
    const { later, tasks } = slices()
    const orders = new FieldOrders(3, later)
    orders.buildAhead(['name', 'title'], () => ordered)
    ;(tasks.shift() as () => void)()
    // A change before the build ahead is done: it goes, and no slice is left to run.
    const gone = ordered[0] as Entry
    ordered = ordered.slice(1)
    orders.follow(ordered, { removedAt: [0], added: [], reshown: [] })
    expect([orders.has('name'), tasks.length]).toEqual([false, 0])

    // A build a sort asked for, cut by a change, is built again from the entries after it.
    orders.buildLater('email', () => ordered)
    ;(tasks.shift() as () => void)()
    const back = entryOf(gone.id, { own: 'a', name: 'back', title: 'back', email: 'e0' })
    ordered = [back, ...ordered].sort(compareEntries)
    orders.follow(ordered, { removedAt: [], added: [back], reshown: [] })
    expect(tasks.length).toBe(1)
    for (let task = tasks.shift(); task; task = tasks.shift()) task()
    expect(orders.has('email')).toBe(true)
    const got = orders.page(ordered, 'email', false, 0, ordered.length, null)
    expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(expected(ordered, 'email', false, null))
  })

  it('gives way to a sort asked for, and finishes at once a build ahead whose page is read', () => {
    const ordered = spread(30_000)
    const { later, tasks } = slices()
    const orders = new FieldOrders(3, later)
    orders.buildAhead(['name', 'title'], () => ordered)
    ;(tasks.shift() as () => void)()
    // A first sort of email while name is being built ahead: email's build comes first.
    orders.buildLater('email', () => ordered)
    while (!orders.has('email')) (tasks.shift() as () => void)()
    expect(orders.has('name')).toBe(false)
    // Name's page read while it is being built ahead again: finished in the read, and right.
    ;(tasks.shift() as () => void)()
    const got = orders.page(ordered, 'name', false, 0, 20, null)
    expect(got.map((at) => (ordered[at] as Entry).id)).toEqual(
      expected(ordered, 'name', false, null).slice(0, 20),
    )
    for (let task = tasks.shift(); task; task = tasks.shift()) task()
    expect([orders.has('name'), orders.has('title'), orders.has('email')]).toEqual([true, true, true])
  })
})
