/**
 * How many rows one object store of the signed-in user's database holds, counted in IndexedDB itself,
 * inside a page of any engine: 'packs', the first sync's packs still to unpack (src/db/packs.ts: the
 * rows are all in their table at 0); 'outbox', the changes still to send. Self-contained: it is sent
 * to the page as source text.
 */
export async function storeCountIn(store: 'packs' | 'outbox') {
  const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('outpost-'))
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(info?.name as string)
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  const left = await new Promise<number>((resolve) => {
    const request = db.transaction(store).objectStore(store).count()
    request.onsuccess = () => resolve(request.result)
  })
  db.close()
  return left
}
