/**
 * The first sign-in on a device downloads every record. The contacts list must
 * fill as the pages arrive, not sit on its first answer until the download
 * ends (a pull that queued its IndexedDB writes back to back once starved the
 * list's reads for the whole hydrate), and say how far the download has come
 * rather than give a total that is still growing, or call itself empty. Before
 * any of it, a first visit shows the page's own shell while the scripts come.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { chromiumRig } from './chromium-rig'
import type { RunningServer } from './server-process'
import { signInThroughUi } from './signed-in'

const CONTACTS = 20_000

let server: RunningServer
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page } = opened)
  },
  { seededContacts: CONTACTS },
)

it('paints its shell at once on a first visit, before any script has come', async () => {
  // The scripts held back as on a slow network: what shows meanwhile is the page's own HTML.
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/*.js', async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto(`${server.url}/login`, { waitUntil: 'commit' })
  await page.getByText('Opening Outpost…').waitFor({ timeout: 5_000 })
  expect(await page.getByRole('button', { name: "Let's go" }).count()).toBe(0)
  release()
  await page.getByRole('button', { name: "Let's go" }).waitFor({ timeout: 30_000 })
  await page.unrouteAll()
  expect(await page.getByText('Opening Outpost…').count()).toBe(0)
})

it('fills the contacts list while the first download is under way, with its progress and no total until the end', async () => {
  // Every footer the list shows, from the first render on, recorded in the page itself.
  await page.addInitScript(() => {
    const seen: string[] = []
    const shown = window as unknown as { footersSeen: string[]; emptySeen: boolean }
    shown.footersSeen = seen
    shown.emptySeen = false
    new MutationObserver(() => {
      const text = document.body?.textContent ?? ''
      const footer = /Showing \d+ to \d+.*?(entries|downloaded|so far)/.exec(text)?.[0]
      if (footer && seen.at(-1) !== footer) seen.push(footer)
      // An empty list's words while the device is still downloading would be a lie.
      if (text.includes('No contacts yet')) shown.emptySeen = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await signInThroughUi(page, server.url)
  // Loading the list as a page of its own: the download that began at sign-in resumes beside it.
  await page.goto(`${server.url}/contacts/list`)
  await page.getByText(`Showing 1 to 10 of ${CONTACTS} entries`).waitFor({ timeout: 60_000 })

  const { footers, emptySeen } = await page.evaluate(() => {
    const shown = window as unknown as { footersSeen: string[]; emptySeen: boolean }
    return { footers: shown.footersSeen, emptySeen: shown.emptySeen }
  })
  expect(emptySeen, 'the list said "No contacts yet" while the download ran').toBe(false)
  const downloaded = footers
    .map((footer) => /· ([\d,]+) (of [\d,]+ )?records downloaded/.exec(footer)?.[1])
    .filter((done): done is string => done !== undefined)
    .map((done) => Number(done.replaceAll(',', '')))
    .filter((done) => done > 0 && done < CONTACTS)
  // Pages of 1,000 and then 5,000 (src/sync/pull.ts): rows and the progress of at least two of them
  // must have shown before the last one.
  expect(downloaded.length, `footers seen: ${footers.join(' | ')}`).toBeGreaterThanOrEqual(2)
  // Never a total that would change: the only total given is the whole.
  const totals = footers.flatMap((footer) => /of (\d+) entries/.exec(footer)?.[1] ?? []).map(Number)
  expect(totals, `footers seen: ${footers.join(' | ')}`).toEqual([CONTACTS])

  // The download wrote its rows as packs (src/db/packs.ts); once done they are moved into the contacts
  // table behind the screens, each row once. Counted in IndexedDB itself, without the app's code.
  const stores = () =>
    page.evaluate(async () => {
      const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('outpost-'))
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info?.name as string)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const count = (store: string) =>
        new Promise<number>((resolve) => {
          const request = db.transaction(store).objectStore(store).count()
          request.onsuccess = () => resolve(request.result)
        })
      const counts = {
        contacts: await count('contacts'),
        packs: await count('packs'),
        packIds: await count('packIds'),
      }
      db.close()
      return counts
    })
  await expect.poll(stores, { timeout: 30_000 }).toEqual({ contacts: CONTACTS, packs: 0, packIds: 0 })
})
