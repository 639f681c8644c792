/**
 * How many packs of the first sync are still in the signed-in user's database (src/db/packs.ts),
 * counted in IndexedDB itself, inside a page of any engine: the rows are all in their table at 0.
 * Self-contained: it is sent to the page as source text.
 */
export async function packsLeftIn() {
  const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('outpost-'))
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(info?.name as string)
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  const left = await new Promise<number>((resolve) => {
    const request = db.transaction('packs').objectStore('packs').count()
    request.onsuccess = () => resolve(request.result)
  })
  db.close()
  return left
}
