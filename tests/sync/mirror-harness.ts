/**
 * A fresh user database per test, for the mirror's list index tests (fake-indexeddb), and the index
 * built over it. `db` is a live binding: each test sees its own.
 */
import { afterEach, beforeEach, expect } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'

export let db: OutpostDb

/** Call at a test file's top: each test gets a new database, deleted after it. */
export function withFreshDb() {
  beforeEach(() => {
    db = new OutpostDb(`index-${crypto.randomUUID()}`)
  })
  afterEach(async () => {
    dropMirrorIndexes(db)
    await db.delete()
  })
}

export const contact = (id: string, lastName: string | null, firstName = '', email = '') =>
  ({ id, version: 1, firstName, lastName, email }) as never

export async function builtIndex(collection: 'contacts' | 'products' = 'contacts') {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  expect(index.ready).toBe(true)
  return index
}

type Fields = Record<string, string | null>

/** Lower case without accents, written plainly (the letters NFD leaves whole aside). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * The list's rules written plainly over every row of the table: the order and the ids matching
 * `search`, a search of words (no numbers) each held, accents aside, in one of the fields the
 * search looks through.
 */
export async function reference(search: string) {
  const words = folded(search).split(/\s+/).filter(Boolean)
  const all = (await db.contacts.toArray()) as unknown as Fields[]
  const text = (r: Fields) =>
    folded(
      [r.firstName, r.lastName, r.title, r.department, r.email, r.phone, r.mobile]
        .map((v) => v ?? '')
        .join('\n'),
    )
  const key = (r: Fields) => (r.lastName == null ? null : r.lastName.toLowerCase())
  return all
    .filter((r) => words.every((word) => text(r).includes(word)))
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)]
      if (ka !== kb) return ka === null ? 1 : kb === null ? -1 : ka < kb ? -1 : 1
      return (a.id as string) < (b.id as string) ? -1 : 1
    })
    .map((r) => r.id as string)
}
