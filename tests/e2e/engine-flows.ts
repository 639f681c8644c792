/** Steps the cross-engine flows share, written against EnginePage so each engine runs the same ones. */
import { type EnginePage, retrying } from './engine-page'
import { describeTarget, type Target } from './page-targets'
import { ADMIN } from './server-process'
import { until } from './signed-in'
import { webProcessStates } from './webkit-processes'

export const pathOf = async (page: EnginePage) => new URL(await page.url()).pathname

export const waitForPath = (page: EnginePage, ok: (path: string) => boolean, what: string, ms = 30_000) =>
  until(() => pathOf(page), ok, what, ms)

/** The page's visible text, as a reader sees it (innerText: textContent would count hidden text too). */
// biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point, as a reader sees it.
export const shownText = (page: EnginePage) => page.evaluate(() => document.body.innerText, null)

export const waitForText = (page: EnginePage, text: string, ms = 30_000) =>
  until(
    () => shownText(page),
    (shown) => shown.includes(text),
    `"${text}" to be shown`,
    ms,
  )

/** Through the real login screen; resolves once the app has left it. */
export async function signIn(page: EnginePage, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.fill('Email', ADMIN.email)
  await page.fill('Password', ADMIN.password)
  await page.click({ role: 'button', name: "Let's go" })
  await waitForPath(page, (path) => !path.startsWith('/login'), 'the app to leave the login screen')
  // The URL changes before the first signed-in screen shows (on a first visit it waits for the service
  // worker's install to end: src/app/pwa-register.ts); a flow acting before then races the render.
  await retrying('the signed-in screen', async () => {
    if (!(await page.evaluate(() => document.querySelector('main#main') !== null, null)))
      throw new Error('not shown yet')
  })
}

/** Resolves once the service worker controls the page, so the app keeps working with the network cut. */
export const serviceWorkerInControl = (page: EnginePage) =>
  until(
    () => page.evaluate(() => navigator.serviceWorker.controller !== null, null),
    (controlled) => controlled,
    'the service worker to control the page',
    60_000,
  )

export const waitUntilShown = (page: EnginePage, target: Target, ms = 30_000) =>
  until(() => page.shows(target), Boolean, describeTarget(target), ms)

/** Whether this device finished a sync run: its database records the last one (read as it is, not created). */
export const hasSynced = (page: EnginePage) =>
  page.evaluate(async () => {
    const name = `outpost-${localStorage.getItem('userId')}`
    if (!(await indexedDB.databases()).some((database) => database.name === name)) return false
    return new Promise<boolean>((resolve) => {
      const request = indexedDB.open(name)
      request.onerror = () => resolve(false)
      request.onsuccess = () => {
        const database = request.result
        if (!database.objectStoreNames.contains('meta')) {
          database.close()
          return resolve(false)
        }
        const read = database.transaction('meta').objectStore('meta').get('sync.lastSyncAt')
        read.onsuccess = () => resolve(read.result !== undefined)
        read.onerror = () => resolve(false)
        database.close()
      }
    })
  }, null)

/** The first sync is over and nothing is waiting to go: the sync chip says 'Online'. */
export async function settled(page: EnginePage) {
  await until(() => hasSynced(page), Boolean, 'the first sync to finish', 60_000)
  await waitForText(page, 'Online')
}

/**
 * What of the user's database answers, for a flow that stopped: each table counted and written in a
 * transaction of its own, given 3 s (a table another connection holds says 'held'), what the screen
 * shows, and whether the page before this one went to the back/forward cache (when the flow marked it,
 * `markPageHide`).
 */
export const probeDatabase = (page: EnginePage) =>
  page
    .evaluate(async () => {
      const name = `outpost-${localStorage.getItem('userId')}`
      const within = <T>(promise: Promise<T>, ms: number) =>
        Promise.race([promise, new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), ms))])
      const opened = await within(
        new Promise<IDBDatabase | string>((resolve) => {
          const request = indexedDB.open(name)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => resolve(`open failed: ${request.error?.name}`)
          request.onblocked = () => resolve('open blocked')
        }),
        3000,
      )
      if (typeof opened === 'string') return `the database: ${opened}`
      const tried = (store: string, mode: IDBTransactionMode) =>
        within(
          new Promise<string>((resolve) => {
            const tx = opened.transaction(store, mode)
            const request = tx.objectStore(store).count()
            request.onsuccess = () => (mode === 'readonly' ? resolve(`${request.result} rows`) : tx.abort())
            tx.onabort = () => resolve('ok')
            request.onerror = () => resolve(`failed: ${request.error?.name}`)
          }),
          3000,
        )
      // Every table at once (one at a time, thirteen held tables would outlast the script's own timeout).
      const stores = Array.from(opened.objectStoreNames)
      const reads = await Promise.all(stores.map((store) => tried(store, 'readonly')))
      const writes = await Promise.all(stores.map((store) => tried(store, 'readwrite')))
      const answers = stores.map((store, i) => `${store}: read ${reads[i]}, write ${writes[i]}`)
      opened.close()
      const navigation = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined
      // What the screen shows beside it: a list whose table holds the row but not its page is told apart.
      const shown = (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300)
      const before = sessionStorage.getItem('probe.pagehide') ?? 'not marked'
      return `${answers.join('; ')} (navigation ${navigation?.type}, the page before: ${before}, service worker ${navigator.serviceWorker.controller ? 'in control' : 'not in control'}; at ${location.pathname}, showing "${shown}")`
    }, null)
    .catch(
      async (error: unknown) =>
        `the page itself did not answer a script (${String(error).slice(0, 120)})${
          page.whatRuns ? `; in the page, ${await page.whatRuns()}` : ''
        }${page.engine === 'webkit' ? `; ${await webProcessStates()}` : ''}`,
    )

/** Marks, for probeDatabase, whether this page goes to the back/forward cache when it is left. */
export const markPageHide = (page: EnginePage) =>
  page.evaluate(() => {
    addEventListener('pagehide', (event) =>
      sessionStorage.setItem(
        'probe.pagehide',
        event.persisted ? 'kept in the back/forward cache' : 'unloaded',
      ),
    )
  }, null)

/** `waiting`, whose failure also says what of the database answers then (probeDatabase). */
export const probingOnFailure = <T>(page: EnginePage, waiting: Promise<T>) =>
  waiting.catch(async (error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : error} (${await probeDatabase(page)})`)
  })

/**
 * Opens `path` as the app's own links do: the router follows `history.pushState`, and the page is not
 * left. (A full navigation is `page.goto`; docs/testing.md says why a flow would want one or the other.)
 */
export const openInApp = (page: EnginePage, path: string) =>
  page.evaluate((to) => {
    const state = history.state as { __TSR_index?: number } | null
    history.pushState({ ...state, __TSR_index: (state?.__TSR_index ?? 0) + 1 }, '', to)
  }, path)

/**
 * Resolves once every finite animation on the page has ended (a notice sliding in, a dialog fading
 * out): a click computed on a moving element lands where it was, and misses it. An animation cancelled
 * on the way (the sidebar turned back by the next resize) rejects its `finished`: it has ended too.
 */
export const animationsEnded = (page: Pick<EnginePage, 'evaluate'>) =>
  page.evaluate(
    () =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then(() => undefined),
    null,
  )
