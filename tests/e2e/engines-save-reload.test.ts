/**
 * A save cut by a reload, in every engine: the page reloads itself the moment the save's transaction
 * asks IndexedDB for its first write, as a closed tab or a crash would cut it. Whatever the engine
 * keeps of that transaction (seen: Chromium all of it, WebKit all or none, Gecko the queued create
 * without its row, docs/decisions/015-importing-a-spreadsheet.md), no contact is left on the device
 * without its queued create, and back online the server holds the contact once, or not at all, as the
 * device does. Before the writes queued first (record-writes.ts, `queueThenRows`), Gecko kept the row
 * without its create: a contact the server never got.
 */
import { describe, expect, it } from 'vitest'
import { serviceWorkerInControl, settled, signIn } from './engine-flows'
import { ENGINES, type EnginePage, retrying } from './engine-page'
import { type EngineRig, engineRig } from './engine-rig'
import { apiSession } from './server-process'
import { until } from './signed-in'

/** Reloads the page as soon as a write to the contacts or the outbox is asked of IndexedDB. Runs in the page. */
function reloadAtFirstWrite() {
  ;(window as { beforeReload?: true }).beforeReload = true
  // Leaving with a change unsynced asks first: a cut does not.
  window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), true)
  const prototype = IDBObjectStore.prototype
  const { add, put } = prototype
  const cutting = <A extends unknown[]>(write: (this: IDBObjectStore, ...args: A) => IDBRequest) =>
    function (this: IDBObjectStore, ...args: A) {
      const request = write.apply(this, args)
      if (this.name === 'outbox' || this.name === 'contacts') {
        prototype.add = add
        prototype.put = put
        location.reload()
      }
      return request
    }
  prototype.add = cutting(add)
  prototype.put = cutting(put)
}

/** What the device holds of `family`: its contacts' ids, and the ids whose create is queued. Runs in the page. */
function heldOf(family: string) {
  return new Promise<{ rows: string[]; creates: string[] }>((resolve, reject) => {
    const open = indexedDB.open(`outpost-${localStorage.getItem('userId')}`)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const tx = db.transaction(['contacts', 'outbox'])
      const rows = tx.objectStore('contacts').getAll()
      const ops = tx.objectStore('outbox').getAll()
      tx.oncomplete = () => {
        db.close()
        resolve({
          rows: (rows.result as { id: string; lastName?: string }[])
            .filter((row) => row.lastName === family)
            .map((row) => row.id),
          creates: (ops.result as { recordId: string; kind: string; patch: { lastName?: string } }[])
            .filter((op) => op.kind === 'create' && op.patch.lastName === family)
            .map((op) => op.recordId),
        })
      }
      tx.onerror = () => reject(tx.error)
    }
  })
}

/** Waits for the document that followed the page's own reload to have loaded. */
const reloaded = (page: EnginePage) =>
  retrying('the reloaded page', async () => {
    const fresh = await page.evaluate(
      () => !('beforeReload' in window) && document.readyState === 'complete',
      null,
    )
    if (!fresh) throw new Error('not reloaded yet')
  })

describe.each(ENGINES)('%s', (engine) => {
  let rig: EngineRig
  engineRig(engine, (opened) => {
    rig = opened
  })

  it('keeps a contact whose save a reload cut only with its create queued, and the server holds what the device does', async () => {
    const { server, network, page } = rig
    const family = `Reload-${engine}`
    await signIn(page, network.url)
    await settled(page)
    await serviceWorkerInControl(page)
    network.cut()
    await page.goto(`${network.url}/contacts/add`)
    await page.fill('First Name', 'Grace')
    await page.fill('Last Name', family)
    await page.evaluate(reloadAtFirstWrite, null)
    await page.click({ role: 'button', name: 'Save Contact' })
    await reloaded(page)

    const held = await page.evaluate(heldOf, family)
    // A row without its queued create would never reach the server.
    expect(held.rows.filter((id) => !held.creates.includes(id))).toEqual([])
    expect(held.creates.length).toBeLessThanOrEqual(1)

    network.restore()
    const api = await apiSession(server.url)
    const onServer = async () =>
      (await api.get<{ docs: { id: string }[] }>(`contacts?where[lastName][equals]=${family}&depth=0`)).docs
    await until(
      async () => ({ docs: await onServer(), device: await page.evaluate(heldOf, family) }),
      ({ docs, device }) => docs.length === held.creates.length && device.creates.length === 0,
      'the queued create to reach the server',
      120_000,
    )
    const docs = await onServer()
    expect(docs.map((doc) => doc.id)).toEqual(held.creates)
    // And the device shows the contact the server has, the row it may have lost brought back.
    await until(
      () => page.evaluate(heldOf, family),
      (device) => device.rows.length === docs.length,
      'the device to hold what the server holds',
      60_000,
    )
    const kept = held.rows.length
      ? 'kept whole'
      : held.creates.length
        ? 'kept queued, its row not'
        : 'dropped'
    console.info(`${engine}: the save cut by a reload was ${kept}`)
  }, 300_000)
})
