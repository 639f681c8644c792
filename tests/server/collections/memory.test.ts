/**
 * What the server remembers about lists is bounded, whatever the clients ask:
 * counts (collections/counts.ts), page positions (collections/positions.ts),
 * search pages (collections/pages.ts) and cached sessions
 * (auth/session-cache.ts) stay within their caps, so a long-running server's
 * memory does not grow with the number of different searches it has answered.
 */
import { expect, it } from 'vitest'
import type { ActiveSession } from '../../../server/auth/session-cache'
import {
  cachedSession,
  forgetSessions,
  rememberSession,
  sessionGeneration,
} from '../../../server/auth/session-cache'
import { remember, rememberedEntry } from '../../../server/collections/counts'
import { keepPage, keptPage, pageKey } from '../../../server/collections/pages'
import { positionBefore, rememberPosition } from '../../../server/collections/positions'
import type { Db } from '../../../server/db/open'
import { contacts } from '../../../server/db/schema'
import { markSoleClient } from '../../../server/db/write'

// The memories are kept per database object; a bare object stands for a database here.
const aDb = () => ({}) as Db
// What a list counted and how it is ordered: only a write reads them (follow-writes.ts).
const counted = { table: contacts, seq: contacts.seq, filter: undefined }
const byLastName = { table: contacts, filter: undefined, value: null }

it('remembers at most 500 counts, forgetting the least recently used first', () => {
  const db = aDb()
  for (let n = 0; n < 2_000; n++) remember(db, `search ${n}`, counted, n, 1)
  expect(rememberedEntry(db, 'search 0')).toBeUndefined()
  expect(rememberedEntry(db, 'search 1499')).toBeUndefined()
  expect(rememberedEntry(db, 'search 1500')).toEqual({ total: 1500, head: 1, query: counted })
  expect(rememberedEntry(db, 'search 1999')).toEqual({ total: 1999, head: 1, query: counted })
})

it('remembers at most 256 positions of one list, keeping the deepest', () => {
  const db = aDb()
  for (let page = 0; page < 1_000; page++)
    rememberPosition(db, 'contacts by lastName', byLastName, 7, {
      offset: page * 10,
      key: `k${page}`,
      id: `id${page}`,
    })
  // The shallowest kept is page 744 (1,000 - 256): an earlier offset has nothing before it.
  expect(positionBefore(db, 'contacts by lastName', 7_430)).toBeUndefined()
  expect(positionBefore(db, 'contacts by lastName', 7_440)?.from.offset).toBe(7_440)
  expect(positionBefore(db, 'contacts by lastName', 99_999)?.from.offset).toBe(9_990)
})

it('remembers positions of at most 100 lists', () => {
  const db = aDb()
  for (let list = 0; list < 500; list++)
    rememberPosition(db, `list ${list}`, byLastName, 1, { offset: 10, key: null, id: `id${list}` })
  expect(positionBefore(db, 'list 399', 10)).toBeUndefined()
  expect(positionBefore(db, 'list 400', 10)?.from.id).toBe('id400')
  expect(positionBefore(db, 'list 499', 10)?.from.id).toBe('id499')
})

it('caches at most 1,000 sessions', () => {
  const db = aDb()
  markSoleClient(db)
  const readAt = sessionGeneration()
  const session = (n: number) => ({ tokenHash: `hash ${n}` }) as ActiveSession
  for (let n = 0; n < 1_500; n++) rememberSession(db, session(n), readAt)
  expect(cachedSession(db, 'hash 0')).toBeUndefined()
  expect(cachedSession(db, 'hash 999')).toBeUndefined()
  expect(cachedSession(db, 'hash 1499')).toEqual(session(1499))
  forgetSessions()
})

it('remembers at most 200 search pages, forgetting the least recently used first', () => {
  const db = aDb()
  for (let page = 0; page < 1_000; page++) keepPage(db, pageKey('contacts like son', page * 10, 10), 3, [])
  expect(keptPage(db, pageKey('contacts like son', 7_990, 10))).toBeUndefined()
  expect(keptPage(db, pageKey('contacts like son', 8_000, 10))).toEqual({ head: 3, rows: [], size: 0 })
  // Read, a page is the most recently used: it outlives the 199 kept after it.
  for (let page = 1_000; page < 1_199; page++)
    keepPage(db, pageKey('contacts like son', page * 10, 10), 3, [])
  expect(keptPage(db, pageKey('contacts like son', 8_000, 10))?.head).toBe(3)
  expect(keptPage(db, pageKey('contacts like son', 8_010, 10))).toBeUndefined()
})

it('keeps search pages within a budget of characters, and no page too large to keep', () => {
  const db = aDb()
  // Ten catalog items with 20,000-character descriptions: 200,000 characters, too large to keep.
  const item = (n: number, length: number) => ({
    id: `p${n}`,
    name: `Product ${n}`,
    descriptionText: 'x'.repeat(length),
  })
  keepPage(
    db,
    pageKey('products', 0, 10),
    1,
    Array.from({ length: 10 }, (_, n) => item(n, 20_000)),
  )
  expect(keptPage(db, pageKey('products', 0, 10))).toBeUndefined()
  // Pages of 90,000 characters each: 2,000,000 in all holds 22 of them, the most recently used.
  for (let page = 0; page < 30; page++)
    keepPage(
      db,
      pageKey('products', page * 10, 10),
      1,
      Array.from({ length: 10 }, (_, n) => item(n, 9_000)),
    )
  expect(keptPage(db, pageKey('products', 70, 10))).toBeUndefined()
  expect(keptPage(db, pageKey('products', 80, 10))?.rows).toHaveLength(10)
  expect(keptPage(db, pageKey('products', 290, 10))?.rows).toHaveLength(10)
})

it('freezes the rows it keeps, which every later answer shares', () => {
  const db = aDb()
  const rows = [{ id: 'a', lastName: 'Smith' }]
  keepPage(db, pageKey('contacts', 0, 10), 1, rows)
  expect(Object.isFrozen(keptPage(db, pageKey('contacts', 0, 10))?.rows[0])).toBe(true)
})
