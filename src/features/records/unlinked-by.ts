/**
 * What a record's delete leaves without it, in words for the delete question: "Its 3 contacts
 * will be left without a company: Ada Lovelace, Grace Hopper and Alan Turing." (the server unlinks
 * them). Null when nothing points at it.
 */
import type { OutpostDb } from '../../db/database'
import { pointingAt } from '../../db/references'
import { type CollectionName, collections } from '../../domain/collections'

/** Names shown before "and N more". */
const NAMED = 5

/** Names as a sentence says them: 'Ada, Grace and Alan'. */
export const listed = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

export async function unlinkedBy(db: OutpostDb, collection: CollectionName, id: string) {
  const target = collections[collection].label
  const sentences = (await pointingAt(db, collection, id)).map(({ collection: from, rows }) => {
    const { label, path, displayName } = collections[from]
    const names = rows.map((row) => displayName(row) || `an unnamed ${label}`)
    if (names.length === 1) return `Its ${label} ${names[0]} will be left without a ${target}.`
    const shown = names.length > NAMED ? [...names.slice(0, NAMED), `${names.length - NAMED} more`] : names
    return `Its ${names.length} ${path} will be left without a ${target}: ${listed(shown)}.`
  })
  return sentences.length ? sentences.join(' ') : null
}
