/**
 * What an import compares its rows with (src/domain/import-plan.ts): the keys that tell each record
 * on the device apart, the names of the records its relations may point at, and which ids it holds.
 * Read from the collections' list indexes (mirror-index.ts), every row, packed ones included, in one
 * pass each, offline too.
 */
import { type CollectionName, collections } from '../domain/collections'
import { foldText } from '../domain/fold'
import { duplicateKeys, type Holdings } from '../domain/import-plan'
import type { OutpostDb } from './database'
import { namesOf } from './list-export'
import { mirrorIndex } from './mirror-index'

export async function importHoldings(db: OutpostDb, collection: CollectionName): Promise<Holdings> {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  const byKey = new Map<string, string>()
  const ids = new Set<string>()
  index.forEachEntry((entry) => {
    ids.add(entry.id)
    const phones = entry.phones ? entry.phones.split('\n') : []
    for (const key of duplicateKeys(collection, { ...entry.shown, ...entry.links }, phones))
      if (!byKey.has(key)) byKey.set(key, entry.id)
    return undefined
  })
  const namesByField = new Map<string, Map<string, string>>()
  for (const [field, target] of Object.entries(collections[collection].relations)) {
    const byName = new Map<string, string>()
    for (const [id, name] of await namesOf(db, target as CollectionName)) {
      const folded = foldText(name.trim())
      if (!byName.has(folded)) byName.set(folded, id)
    }
    namesByField.set(field, byName)
  }
  return { byKey, namesByField, has: (id) => ids.has(id) }
}
