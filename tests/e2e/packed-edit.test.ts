/**
 * A contact edited while the first sync still keeps it in a pack
 * (src/db/packs.ts), in Chromium: the edit screen reads it from its pack, the
 * save takes it out, and the unpacking that follows never writes the old copy
 * back. The contact made last is in the last pack, unpacked last, seconds
 * after the list shows it.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { signInThroughUi } from './signed-in'

const CONTACTS = 30_000

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { seededContacts: CONTACTS, network: true },
)

/** The contact stored under `id` in IndexedDB itself, the packs left, and the rows in the contacts table. */
function stored(page: Page, id: string) {
  return page.evaluate(async (id) => {
    const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('outpost-'))
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info?.name as string)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const transaction = db.transaction(['contacts', 'packs'])
    const row = transaction.objectStore('contacts').get(id)
    const rows = transaction.objectStore('contacts').count()
    const packs = transaction.objectStore('packs').count()
    await new Promise((resolve) => {
      transaction.oncomplete = resolve
    })
    db.close()
    return { title: (row.result as Contact | undefined)?.title, rows: rows.result, packs: packs.result }
  }, id)
}

it('keeps an edit made to a contact still packed by the first sync', async () => {
  const api = await apiSession(server.url)
  const { doc } = await api.post<{ doc: Contact }>('contacts', {
    firstName: 'Packed',
    lastName: 'Zuluaga',
    title: 'Surveyor',
  })
  await signInThroughUi(page, appUrl)
  await page.goto(`${appUrl}/contacts/list`)
  await page
    .getByText(`of ${CONTACTS + 1} entries`)
    .first()
    .waitFor({ timeout: 60_000 })

  const search = page.getByLabel('Search records')
  await search.fill('packed zuluaga')
  await search.press('Enter')
  await page.getByRole('link', { name: 'Edit Packed Zuluaga' }).click()
  // Read from its pack: the row is in no table yet.
  await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Surveyor')
  await page.getByLabel('Title').fill('Chief Surveyor')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  await page.getByText('Saved - This contact has been updated successfully.').waitFor()
  // Offline, so the edit cannot come back from the server: what the device keeps is the device's doing.
  await setOffline(true)
  // Whether the pack was still there when the edit was saved (it almost always is): for the log.
  console.log(`packs left when the edit was saved: ${(await stored(page, doc.id)).packs}`)
  await expect
    .poll(() => stored(page, doc.id), { timeout: 60_000 })
    .toEqual({ title: 'Chief Surveyor', rows: CONTACTS + 1, packs: 0 })

  await setOffline(false)
  await expect
    .poll(async () => (await api.get<Contact>(`contacts/${doc.id}`)).title, { timeout: 60_000 })
    .toBe('Chief Surveyor')
})
