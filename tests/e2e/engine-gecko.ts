/**
 * Gecko for the cross-engine flows: Debian's Firefox ESR, driven by
 * puppeteer-core over WebDriver BiDi (no geckodriver, nothing downloaded).
 * Missing Firefox is a failure with a fix, never a skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type ElementHandle, type KeyInput } from 'puppeteer-core'
import { type EngineOptions, type EnginePage, emptyControl, NAME_HELPER, retrying } from './engine-page'
import { GECKO_MEMORY_PREFS, geckoJsHeapBytes } from './gecko-heap'
import { describeTarget, findTarget, type Target } from './page-targets'

export function firefoxPath() {
  const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
  if (!existsSync(path))
    throw new Error(
      `Firefox was not found at ${path}. Install it with "apt-get install firefox-esr" (Debian) or set FIREFOX_PATH.`,
    )
  return path
}

export async function openGecko({
  size = { width: 1280, height: 800 },
  measuresHeap,
}: EngineOptions = {}): Promise<EnginePage> {
  // Firefox's own temporary folder, where it makes the FIFO that dumps its memory reports (gecko-heap.ts).
  const memoryFolder = measuresHeap ? mkdtempSync(join(tmpdir(), 'outpost-gecko-memory-')) : undefined
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    defaultViewport: size,
    ...(memoryFolder && {
      extraPrefsFirefox: GECKO_MEMORY_PREFS,
      env: { ...process.env, TMPDIR: memoryFolder },
    }),
  })
  const page = (await browser.pages())[0] ?? (await browser.newPage())
  // The tab Firefox opens with keeps the window's size: the default viewport is only for new pages.
  await page.setViewport(size).catch((error: unknown) => {
    // puppeteer-core also overrides the screen's orientation, a command Firefox 140 ESR does not know (as
    // puppeteer itself forgives for touch); the viewport's own command is sent beside it, and is done.
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride')) throw error
  })
  await page.evaluateOnNewDocument(NAME_HELPER)
  // Leaving with unsynced changes asks first (beforeunload); the flows mean to leave.
  page.on('dialog', (dialog) => void dialog.accept())
  const element = async (target: Target) => {
    const found = (await page.evaluateHandle(findTarget, target)).asElement() as ElementHandle<Element> | null
    if (!found) throw new Error(`${describeTarget(target)} is not shown`)
    return found
  }
  return {
    engine: 'gecko',
    // Gecko reports a navigation started while the page's own (the router's, after signing in) is still
    // settling as NS_BINDING_ABORTED instead of replacing it; the flow's navigation is then made again.
    // The other way round, the page navigating itself while ours waits for its load event (the sign-in
    // guard sending a freshly loaded app to /login), Gecko's BiDi refuses ours as "interrupted", though
    // it arrived: the page the app chose is then waited for, as a user would see it.
    // Either refusal may follow the other (an aborted goto made again is then "interrupted"), so each
    // attempt is judged the same way, three at most.
    goto: async (url) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await page.goto(url, { waitUntil: 'load' })
          return
        } catch (error) {
          if (String(error).includes('interrupted an unfinished navigation')) {
            await page.waitForFunction(() => document.readyState === 'complete')
            return
          }
          if (!String(error).includes('NS_BINDING_ABORTED') || attempt === 3) throw error
        }
      }
    },
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    // The document's own: Firefox 140 ESR tells puppeteer-core of no same-document navigation (the router's
    // pushState), so its url() stays on the page first loaded; mid-navigation, there is no document to ask.
    url: () => page.evaluate(() => location.href).catch(() => page.url()),
    shows: (target) =>
      element(target).then(
        () => true,
        () => false,
      ),
    click: (target) =>
      retrying(`clicking ${describeTarget(target)}`, async () => (await element(target)).click()),
    fill: (label, value) =>
      retrying(`filling ${describeTarget({ label })}`, async () => {
        const control = await element({ label })
        await control.evaluate(emptyControl)
        await control.type(value)
      }),
    press: (key) => page.keyboard.press(key as KeyInput),
    // The page runs the function on the argument it is handed; puppeteer's types cannot follow a generic one.
    evaluate: <A, T>(fn: (arg: A) => T | Promise<T>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => T | Promise<T>, arg as unknown) as Promise<T>,
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
    close: async () => {
      await browser.close()
      if (memoryFolder) rmSync(memoryFolder, { recursive: true, force: true })
    },
    ...(memoryFolder && {
      jsHeapBytes: async () => geckoJsHeapBytes(memoryFolder, new URL(page.url()).origin),
    }),
  }
}
