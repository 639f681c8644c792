/**
 * What a Chromium test file opens: a server of its own and Chromium on a fresh
 * profile, its first page leaving when told to (a `beforeunload` question is
 * accepted: the flows mean to leave), signed in first when asked; all closed
 * after the file. The opened three are handed to `opened`, which keeps them
 * where the file's tests read them and adds what the file needs besides.
 * Asked, the server starts on contacts already stored (or with an environment
 * of its own, such as the sample records), and the browser reaches it through a
 * network the tests can cut; a test wanting another device, or another window
 * size, opens one more Chromium. The engine flows have their own (engine-rig.ts).
 */
import { mkdirSync, rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './chromium'
import { type NetworkSwitch, networkSwitch } from './network-switch'
import { seededDataDir } from './seeded-data-dir'
import { type RunningServer, startServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi } from './signed-in'

export type Chromium = Awaited<ReturnType<typeof launchBrowser>>

export interface ChromiumRig {
  server: RunningServer
  browser: Chromium
  page: Page
  /** With `network`: the relay the browser reaches the server through, which the tests cut. */
  network?: NetworkSwitch
  /** Where the browser reaches the app: through the relay when opened with `network`, else the server's own address. */
  appUrl: string
  /**
   * Offline as a lost network is (the rig opened with `network`): the first browser's context switch
   * (navigator.onLine is false, the page's requests fail) and the relay cut. The switch alone does not
   * stop every sender: an offline edit reached the server while a test held the context offline
   * (offline-contacts.test.ts failed so in CI), likely through the service worker's replay, as
   * Chromium, really online, fires Background Sync's `sync` event at the first queued change. The
   * relay cut stops any sender. Back online, the relay first, then the switch.
   */
  setOffline: (offline: boolean) => Promise<void>
  /**
   * Another Chromium on a fresh profile (another device), its first page as the rig's; at the rig's
   * window size unless given one. Closed after the file, if the test has not closed it.
   */
  openBrowser: (size?: BrowserSize) => Promise<{ browser: Chromium; page: Page }>
}

/** A window's size, and a finger for a pointer (chromium.ts). */
export interface BrowserSize {
  viewport?: { width: number; height: number }
  touch?: boolean
}

export interface ChromiumRigOptions {
  /** Signed in through the login screen, the service worker in control, before the tests. */
  signedIn?: boolean
  /** The server's data directory holds this many contacts from the start (seeded-data-dir.ts). */
  seededContacts?: number
  /** The browser is to reach the server through a network the tests can cut (network-switch.ts). */
  network?: boolean
  /** The server's environment besides (server-process.ts): `{ SEED_SAMPLE: '1' }` starts it on the sample records. */
  serverEnv?: Record<string, string>
  /** The window's size, and a finger for a pointer (chromium.ts); every Chromium of the rig's alike. */
  viewport?: { width: number; height: number }
  touch?: boolean
}

export function chromiumRig(
  opened: (rig: ChromiumRig) => void | Promise<void>,
  {
    signedIn = false,
    seededContacts,
    network = false,
    serverEnv = {},
    viewport,
    touch = false,
  }: ChromiumRigOptions = {},
) {
  let rig: Partial<ChromiumRig> = {}
  let dataDir: string | undefined
  const browsers: Chromium[] = []
  const openBrowser = async (size: BrowserSize = { viewport, touch }) => {
    const launched = await launchBrowser(size.viewport, { touch: size.touch ?? false })
    let closed: Promise<void> | undefined
    const browser = { ...launched, close: () => (closed ??= launched.close()) }
    browsers.push(browser)
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.on('dialog', (dialog) => void dialog.accept())
    return { browser, page }
  }
  const setOffline = async (offline: boolean) => {
    const { network: relay, browser } = rig
    if (!relay || !browser) throw new Error('Going offline needs the rig opened with { network: true }')
    if (offline) relay.cut()
    else relay.restore()
    await browser.context.setOffline(offline)
  }
  beforeAll(async () => {
    if (seededContacts !== undefined) dataDir = await seededDataDir(seededContacts)
    const server = await startServer(dataDir ? { ...serverEnv, DATA_DIR: dataDir } : serverEnv)
    rig = { server, openBrowser, setOffline }
    if (network) rig.network = await networkSwitch(server.url)
    rig.appUrl = (rig.network ?? server).url
    const { browser, page } = await openBrowser()
    rig.browser = browser
    rig.page = page
    mkdirSync('tests/e2e/screenshots', { recursive: true })
    if (signedIn) {
      await signInThroughUi(page, rig.appUrl)
      await serviceWorkerInControl(page)
    }
    await opened(rig as ChromiumRig)
  }, 120_000)
  afterAll(async () => {
    for (const browser of browsers) await browser.close()
    await rig.network?.close()
    await rig.server?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })
}
