/**
 * Storage that is not lost silently, in real Chromium. The browser evicts
 * the site's storage (here: CDP clears IndexedDB, localStorage, the service
 * worker and its caches, but not cookies, as an eviction does): after signing
 * in again the app says the data was deleted and how many unsent changes went
 * with it, and downloads the records again; with only IndexedDB gone it says
 * so at once; logging out and in again says nothing. A save refused for lack
 * of space (CDP's quota override) keeps what was typed and says why.
 * Settings says whether the storage is persistent and can ask again.
 */
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { type Chromium, chromiumRig } from './chromium-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

const EVICTED = "Your browser deleted Outpost's data on this device"
const OUT_OF_STORAGE =
  'This device is out of storage space, so your change was not saved. Free some space and try again.'

let server: RunningServer
/** The browser reaches the server through it: cut, no request gets through, the service worker's included. */
let network: NetworkSwitch
let browser: Chromium
let page: Page
let cdp: CDPSession
const shots = 'tests/e2e/screenshots'

// Leaving with unsynced changes asks first (beforeunload); this user means to leave, as the rig's page does.
chromiumRig(
  async (opened) => {
    ;({ server, browser, page } = opened)
    network = opened.network as NetworkSwitch
    cdp = await browser.context.newCDPSession(page)
    const api = await apiSession(server.url)
    for (const [firstName, lastName, email] of [
      [
        'Bartholomew',
        'Featherstonehaugh-Worthington',
        'bartholomew.featherstonehaugh@northern-survey.example.org',
      ],
      ['Guðrún', 'Ólafsdóttir', 'gudrun.olafsdottir@reykjavik-harbour.example.is'],
      ['Anne-Sophie', 'de La Tour d’Auvergne', 'as.delatour@auvergne-cartographie.example.fr'],
    ])
      await api.post('contacts', { firstName, lastName, email })
  },
  { network: true },
)

/** The device marker as the browser keeps it (a cookie, which survives an eviction). */
async function marker(): Promise<[string, string, number | null][]> {
  const cookie = (await browser.context.cookies(network.url)).find((c) => c.name === 'outpost-device')
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : []
}

/** What an eviction takes: the whole origin's storage but its cookies. */
async function evict(storageTypes: string) {
  // Away from the app first, as a browser evicts a site that is not open.
  await page.goto('about:blank')
  await cdp.send('Storage.clearDataForOrigin', { origin: network.url, storageTypes })
}

/** The token the page's mirror keeps (src/db/eviction.ts), read with IndexedDB itself; the database exists. */
const storedMirrorToken = () =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open(`outpost-${localStorage.getItem('userId')}`)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const request = db.transaction('meta').objectStore('meta').get('device.mirrorToken')
          request.onsuccess = () => {
            db.close()
            resolve(request.result?.value ?? null)
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )

const contactRows = () => page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Edit / }) })

async function serverContacts() {
  const api = await apiSession(server.url)
  return (await api.get<ListResponse<Contact>>('contacts?limit=100')).docs
}

describe('an evicted mirror', () => {
  it('is told after signing in again, with the change it took, and the records download again', async () => {
    await signInThroughUi(page, network.url)
    await serviceWorkerInControl(page)
    await page.goto(`${network.url}/contacts/list`)
    await contactRows().first().waitFor()
    const count = (await serverContacts()).length
    await until(marker, (entries) => entries.length === 1 && entries[0]?.[2] === 0, 'the device to be marked')

    // Offline, one change is queued on the device only. (Chromium's Background Sync would send it from
    // the service worker, which the context's offline switch does not stop: the network is cut instead.)
    network.cut()
    await contactRows()
      .first()
      .getByRole('link', { name: /^Edit / })
      .click()
    await page.getByLabel('Title').fill('Chief Cartographer of the Northern Survey Expedition')
    await page.getByRole('button', { name: 'Update Contact' }).click()
    await page.getByText('Saved - This contact has been updated successfully.').waitFor()
    await until(marker, (entries) => entries[0]?.[2] === 1, 'the marker to count the queued change')

    await evict('indexeddb,local_storage,service_workers,cache_storage')
    expect(await marker()).toHaveLength(1)
    network.restore()

    // localStorage went too: the device no longer knows who was signed in.
    await page.goto(`${network.url}/contacts/list`)
    await page.waitForURL(/\/login/)
    await signInThroughUi(page, network.url)
    const banner = page.getByRole('alert').filter({ hasText: EVICTED })
    await banner.waitFor()
    expect(await banner.textContent()).toContain(
      '1 change made on this device was not yet on the server and could not be kept: please make it again.',
    )
    await page.getByRole('link', { name: 'Contacts', exact: true }).first().click()
    await banner.waitFor()
    await until(
      () => contactRows().count(),
      (rows) => rows === count,
      'the records to download again',
      // A first visit again (the service worker installs anew) and a download: a minute on a busy machine.
      60_000,
    )
    await page.screenshot({ path: `${shots}/storage-evicted-laptop.png` })
    for (const [name, size] of [
      ['tablet', { width: 768, height: 1024 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size)
      await page.screenshot({ path: `${shots}/storage-evicted-${name}.png` })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    // Nothing pretended: the change is not on the server either.
    const titles = (await serverContacts()).map((contact) => contact.title)
    expect(titles).not.toContain('Chief Cartographer of the Northern Survey Expedition')

    await page.getByRole('button', { name: 'Dismiss' }).click()
    expect(await banner.count()).toBe(0)
    // The records are back: the new mirror is marked, and a reload says nothing more.
    await until(marker, (entries) => entries[0]?.[2] === 0, 'the new mirror to be marked')
    await page.reload()
    await contactRows().first().waitFor()
    await page.waitForTimeout(1000)
    expect(await page.getByText(EVICTED).count()).toBe(0)
  })

  it('with only IndexedDB gone, is told at once, and nothing is pretended lost', async () => {
    await serviceWorkerInControl(page)
    await evict('indexeddb')
    await page.goto(`${network.url}/contacts/list`)
    const banner = page.getByRole('status').filter({ hasText: EVICTED })
    await banner.waitFor()
    expect(await banner.textContent()).toContain(
      'Every change made on this device had already reached the server, so nothing is lost.',
    )
    await contactRows().first().waitFor()
  })

  it('is never told after logging out and in again', async () => {
    // The marker still names the mirror IndexedDB lost until the new one holds its records: leaving
    // before then is rightly told again. So wait for the mark of the mirror the page holds now.
    await until(
      async () => [(await marker())[0], await storedMirrorToken()] as const,
      ([entry, stored]) => entry?.[1] === stored && entry?.[2] === 0,
      'the new mirror to be marked',
    )
    await page.getByRole('link', { name: 'Log Out' }).click()
    await page.waitForURL(/\/login/)
    await signInThroughUi(page, network.url)
    await page.goto(`${network.url}/contacts/list`)
    await contactRows().first().waitFor()
    await page.waitForTimeout(1000)
    expect(await page.getByText(EVICTED).count()).toBe(0)
  })
})

/** One small write to a database of its own: 'ok', or the name of the error that refused it. */
const probeWrite = () =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('quota-probe')
        open.onupgradeneeded = () => open.result.createObjectStore('probe')
        open.onerror = () => resolve(open.error?.name ?? 'error')
        open.onsuccess = () => {
          const tx = open.result.transaction('probe', 'readwrite')
          tx.objectStore('probe').put(Math.random(), 1)
          tx.onabort = () => {
            open.result.close()
            resolve(tx.error?.name ?? 'abort')
          }
          tx.oncomplete = () => {
            open.result.close()
            resolve('ok')
          }
        }
      }),
  )

it('a save refused for lack of space keeps what was typed and says why', async () => {
  await page.goto(`${network.url}/contacts/add`)
  await page.getByLabel('First Name').fill('Maximiliana')
  await page.getByLabel('Last Name').fill('Brandenburg-Ansbach-Kulmbach')
  await page.getByLabel('Email').fill('maximiliana.brandenburg-ansbach@example-expeditions.org')
  // The device is full: the origin may hold no more than it already does. Chromium's IndexedDB keeps the
  // space it last found for about 30 s, so a throw-away database is written until it is refused as well.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: network.url, quotaSize: 1 })
  try {
    await until(
      probeWrite,
      (answer) => answer === 'QuotaExceededError',
      'IndexedDB to find the device full',
      60_000,
    )
    await page.getByRole('button', { name: 'Save Contact' }).click()
    await page.getByText(OUT_OF_STORAGE).waitFor()
    await page.waitForTimeout(500) // the toast's entrance
    await page.screenshot({ path: `${shots}/storage-quota-laptop.png` })
  } finally {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: network.url })
    await page.evaluate(() => indexedDB.deleteDatabase('quota-probe'))
  }
  expect(new URL(page.url()).pathname).toBe('/contacts/add')
  expect(await page.getByLabel('First Name').inputValue()).toBe('Maximiliana')
  expect(await page.getByLabel('Last Name').inputValue()).toBe('Brandenburg-Ansbach-Kulmbach')
  expect(await page.getByLabel('Email').inputValue()).toBe(
    'maximiliana.brandenburg-ansbach@example-expeditions.org',
  )
  // Still there well after an ordinary toast fades (4 s): the device stays full until the user acts.
  await page.waitForTimeout(5000)
  expect(await page.getByText(OUT_OF_STORAGE).isVisible()).toBe(true)
  // With space again, the same typing saves.
  await page.getByRole('button', { name: 'Save Contact' }).click()
  await page.waitForURL(/\/contacts\/edit\//)
})

it('Settings says whether the storage is persistent, and asks again when it is not', async () => {
  await page.goto(`${network.url}/users/settings`)
  const device = page.getByRole('region', { name: 'This device' })
  const yes = device.getByText('Yes: the browser keeps this data even when space runs low')
  const no = device.getByText('No: the browser may clear this data when space runs low')
  await yes.or(no).waitFor()
  if (await no.isVisible()) {
    await device.getByRole('button', { name: 'Ask to keep data on this device' }).click()
    // Chromium answers by itself: yes (the app is installable and was signed in to), or no, said plainly.
    await yes.or(device.getByText(/^The browser said no\./)).waitFor()
  }
  // What the screen says is what the browser says.
  const persisted = await page.evaluate(() => navigator.storage.persisted())
  expect(await yes.isVisible()).toBe(persisted)
  await page.screenshot({ path: `${shots}/storage-settings-laptop.png`, fullPage: true })
})

it("'Install app' on an iPad explains Add to Home Screen, since Safari has no install prompt", async () => {
  // Chromium made to look like iPad Safari: no beforeinstallprompt at all, Safari's user agent, a touch
  // screen. What the action then shows is checked here; which browser gets which is tests/unit/app/install-prompt.test.ts.
  const ipad = await browser.context.newPage()
  await ipad.addInitScript(() => {
    for (const holder of [window, Window.prototype]) Reflect.deleteProperty(holder, 'onbeforeinstallprompt')
    window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), true)
    const agent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
    Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => agent })
    Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 })
  })
  try {
    await ipad.setViewportSize({ width: 1024, height: 768 })
    await ipad.goto(`${network.url}/contacts/list`)
    expect(await ipad.evaluate(() => 'onbeforeinstallprompt' in window)).toBe(false)
    await ipad.getByRole('button', { name: 'Install app' }).click()
    const dialog = ipad.getByRole('dialog', { name: 'Install Outpost' })
    await dialog
      .getByText('In Safari, tap Share (the square with an arrow), then Add to Home Screen, then Add.')
      .waitFor()
    expect(await dialog.textContent()).toContain('Installed, Outpost keeps its records here.')
    await ipad.screenshot({ path: `${shots}/storage-install-ipad.png` })
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await dialog.waitFor({ state: 'detached' })
  } finally {
    await ipad.close()
  }
})
