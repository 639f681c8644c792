import { afterEach, describe, expect, it } from 'vitest'
import type { OutpostDb } from '../../src/db/database'
import { mirrorIndex } from '../../src/db/mirror-index'
import { oneClickAway, PageReadAhead, samePage } from '../../src/features/records/page-read-ahead'
import { type PageQuery, readPage } from '../../src/features/records/record-query'
import { makeRuntime, seedContacts } from './helpers'

const first: PageQuery = { page: 1, perPage: 10, search: '' }
const second: PageQuery = { ...first, page: 2 }

let stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
})

/** 30 contacts (Person 01 … 30, in that order), the list index built, and pages read around page 1. */
async function readAhead() {
  const { db } = makeRuntime()
  await seedContacts(db, 30)
  const index = mirrorIndex(db, 'contacts')
  index.warm()
  await index.idle()
  const ahead = new PageReadAhead(db, 'contacts')
  stops.push(() => ahead.stop())
  await ahead.readAround(first, 30)
  return { db, ahead, index }
}

const firstNames = (rows: Array<Record<string, unknown>> | undefined) => rows?.map((row) => row.firstName)

describe('pages read ahead', () => {
  it('are the pages one click away: neighbours and the numbered buttons', () => {
    expect(oneClickAway(1, 3)).toEqual([2, 3])
    expect(oneClickAway(5, 100)).toEqual([4, 6, 3, 7])
    expect(oneClickAway(100, 100)).toEqual([99, 96, 97, 98])
    expect(oneClickAway(1, 1)).toEqual([])
  })

  it('answer what reading the page would, before the click', async () => {
    const { db, ahead } = await readAhead()
    const early = ahead.get(second)
    expect(firstNames(early?.rows)).toEqual(firstNames((await readPage(db, 'contacts', second))?.rows))
    expect(early?.total).toBe(30)
    expect(firstNames(ahead.get({ ...first, page: 3 })?.rows)?.[0]).toBe('First21')
    // Not read ahead: another page size, another search, the page itself.
    expect(ahead.get({ ...second, perPage: 25 })).toBeUndefined()
    expect(ahead.get({ ...second, search: 'first' })).toBeUndefined()
    expect(ahead.get(first)).toBeUndefined()
  })

  it('are dropped when one of their rows changes', async () => {
    const { db, ahead, index } = await readAhead()
    await db.contacts.update('00000000-0000-4000-8000-000000000012', { title: 'Director' })
    await index.idle()
    expect(ahead.get(second)).toBeUndefined()
    // Page 3 holds none of the changed rows.
    expect(ahead.get({ ...first, page: 3 })).toBeDefined()
    // Read again, it has the change.
    await ahead.readAround(first, 30)
    expect(ahead.get(second)?.rows[1]?.title).toBe('Director')
  })

  it('are not used once rows move into or out of them, though none of theirs changed', async () => {
    const { db, ahead, index } = await readAhead()
    // Sorts first: every later page starts one contact earlier.
    await db.contacts.put({
      ...(await db.contacts.get('00000000-0000-4000-8000-000000000001')),
      id: '00000000-0000-4000-8000-000000000099',
      lastName: 'Aardvark',
    } as never)
    await index.idle()
    expect(ahead.get(second)).toBeUndefined()
    await ahead.readAround(first, 31)
    expect(firstNames(ahead.get(second)?.rows)?.[0]).toBe('First10')
  })

  it('keep nothing read while a change to their rows was landing', async () => {
    const { db } = makeRuntime()
    await seedContacts(db, 30)
    const index = mirrorIndex(db, 'contacts')
    index.warm()
    await index.idle()
    const ahead = new PageReadAhead(db, 'contacts')
    stops.push(() => ahead.stop())
    const reading = ahead.readAround(first, 30)
    await db.contacts.update('00000000-0000-4000-8000-000000000015', { title: 'Director' })
    await reading
    await index.idle()
    const early = ahead.get(second)
    // Either dropped, or read after the change: never the row as it was.
    if (early) expect(early.rows[4]?.title).toBe('Director')
    expect(ahead.get({ ...first, page: 3 })).toBeDefined()
  })

  it("read a typed search's first page ahead, keep the latest only, and keep it while paging around", async () => {
    const { db, ahead } = await readAhead()
    const typed = (search: string) => ({ ...first, search })
    // Page 2 of another search was on screen: the typed search is read from its first page.
    await ahead.readTyped({ ...second, search: 'first0' })
    const early = ahead.get(typed('first0'))
    expect(firstNames(early?.rows)).toEqual(
      firstNames((await readPage(db, 'contacts', typed('first0')))?.rows),
    )
    expect(early?.total).toBe(9)
    await ahead.readTyped(typed('first1'))
    expect(ahead.get(typed('first0'))).toBeUndefined()
    expect(ahead.get(typed('first1'))?.total).toBe(10)
    // The pages around the page on screen are read again: the typed search is not forgotten with the others.
    await ahead.readAround(second, 30)
    expect(ahead.get(typed('first1'))?.total).toBe(10)
  })

  it('drop a typed search overtaken by the next keystroke before its read lands', async () => {
    const { ahead } = await readAhead()
    const slower = ahead.readTyped({ ...first, search: 'first2' })
    await ahead.readTyped({ ...first, search: 'first3' })
    await slower
    expect(ahead.get({ ...first, search: 'first2' })).toBeUndefined()
    expect(ahead.get({ ...first, search: 'first3' })?.rows).toHaveLength(1)
  })

  it('read nothing without the list index (a guess is not worth a table scan)', async () => {
    const { db } = makeRuntime()
    await seedContacts(db, 30)
    const ahead = new PageReadAhead(db, 'contacts')
    stops.push(() => ahead.stop())
    await ahead.readAround(first, 30)
    expect(ahead.get(second)).toBeUndefined()
    await (db as OutpostDb).close()
  })
})

describe('the same page', () => {
  const page = (title: string, extra: Record<string, unknown> = {}) => ({
    total: 1,
    rows: [{ id: 'a', version: 1, title, description: [{ children: [{ text: 'x' }] }], ...extra }],
  })
  it('is told by every value, rich text by what it holds', () => {
    expect(samePage(page('Engineer'), page('Engineer'))).toBe(true)
    expect(samePage(page('Engineer'), page('Planner'))).toBe(false)
    expect(samePage(page('Engineer'), page('Engineer', { description: [] }))).toBe(false)
    expect(samePage(page('Engineer'), page('Engineer', { phone: '1' }))).toBe(false)
    expect(samePage(page('Engineer'), { ...page('Engineer'), total: 2 })).toBe(false)
  })
})
