/**
 * Every list, every kind of edit screen and the import page (a file of long
 * values chosen, its columns and plan shown) fits a phone (390×844), a tablet
 * upright (768×1024) and on its side (1024×768), all three under a finger, and
 * a laptop (1280×800), with long real values (long-values.ts): the page never
 * scrolls sideways, each row's actions are inside the window and the table's
 * box, a cut value shows whole on hover and focus, touch targets are at least
 * 44×44 px, and axe-core finds no serious or critical fault. Chromium runs it
 * all; Gecko and WebKit run the same checks and axe, without touch (their
 * drivers do not emulate it here). WebKit's window is never narrower than
 * 447 px, so its phone runs the app in a 390×844 frame (engine-webkit.ts); and
 * it never has the system's focus under its driver, so there a cut value's
 * focus is not checked.
 */
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './axe'
import { seriousViolationsIn } from './axe-in-engine'
import { chooseFile } from './choose-file'
import { launchBrowser } from './chromium'
import { openInApp, probingOnFailure, settled, signIn, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { layoutFaults } from './layout-faults'
import { contactName, LONG, LONG_IMPORT, type SeededIds, seedLongValues, staffName } from './long-values'
import { networkQuiet } from './network-quiet'
import { openEngine } from './open-engine'
import { type RunningServer, startServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

const shots = 'tests/e2e/screenshots'

const SIZES = [
  { width: 390, height: 844, touch: true },
  { width: 768, height: 1024, touch: true },
  { width: 1024, height: 768, touch: true },
  { width: 1280, height: 800, touch: false },
] as const

/** Each list, and the name its seeded row's actions carry ('Edit …', 'Delete …'). */
const LISTS = [
  { path: '/contacts/list', name: contactName },
  { path: '/companies/list', name: LONG.company.companyName },
  { path: '/industries/list', name: LONG.catalogName },
  { path: '/services/list', name: LONG.catalogName },
  { path: '/products/list', name: LONG.catalogName },
  { path: '/admin/users', name: staffName },
] as const

/** Each kind of edit screen, and the value its first field holds once the record is read. */
const EDITS = [
  { path: (ids: SeededIds) => `/contacts/edit/${ids.contacts}`, value: LONG.contact.firstName },
  { path: (ids: SeededIds) => `/companies/edit/${ids.companies}`, value: LONG.company.companyName },
  { path: (ids: SeededIds) => `/industries/edit/${ids.industries}`, value: LONG.catalogName },
  { path: (ids: SeededIds) => `/services/edit/${ids.services}`, value: LONG.catalogName },
  { path: (ids: SeededIds) => `/products/edit/${ids.products}`, value: LONG.catalogName },
  { path: (ids: SeededIds) => `/admin/users/edit/${ids.staff}`, value: LONG.staff.firstName },
] as const

/** What the import page shows once its file is read, checked and planned. */
const PREVIEWED = 'The first rows, as they will be saved'

/** Runs in the page: whether a text field holds `value` (the edit screen has read its record). */
function holds(value: string) {
  return Array.from(document.querySelectorAll('input')).some((input) => input.value === value)
}

/** Runs in the page: the contact's info card has read its company (the longest line it shows). */
function companyShown(name: string) {
  return (document.querySelector('aside[aria-label="Contact info"]')?.textContent ?? '').includes(name)
}

let server: RunningServer
let ids: SeededIds

beforeAll(async () => {
  server = await startServer()
  ids = await seedLongValues(server.url)
  mkdirSync(shots, { recursive: true })
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe.each(SIZES)('Chromium at $width×$height', ({ width, height, touch }) => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let page: Page
  const tag = `${width}${touch ? '-touch' : ''}`

  beforeAll(async () => {
    browser = await launchBrowser({ width, height }, { touch })
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    await signInThroughUi(page, server.url)
    await serviceWorkerInControl(page)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
  })

  it.each(LISTS)('fits $path', async ({ path, name }) => {
    await page.goto(`${server.url}${path}`)
    await page
      .getByRole('button', { name: `Delete ${name}` })
      .first()
      .waitFor({ timeout: 60_000 })
    await networkQuiet(page)
    expect(await page.evaluate(layoutFaults, { touch, focus: true })).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${shots}/layout-${path.split('/')[1]}-${path.split('/')[2]}-${tag}.png` })
  })

  it.each(EDITS)('fits an edit screen: $value', async (edit) => {
    const path = edit.path(ids)
    await page.goto(`${server.url}${path}`)
    await page.waitForFunction(holds, edit.value, { timeout: 60_000 })
    if (path.startsWith('/contacts/'))
      await page.waitForFunction(companyShown, LONG.company.companyName, { timeout: 60_000 })
    await networkQuiet(page)
    expect(await page.evaluate(layoutFaults, { touch, focus: true })).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({
      path: `${shots}/layout-${path.split('/').slice(1, -2).join('-')}-edit-${tag}.png`,
      fullPage: true,
    })
  })

  it('fits the import page, a file of long values chosen', async () => {
    await page.goto(`${server.url}/contacts/import`)
    await page.locator('input[type=file]').setInputFiles({
      name: LONG_IMPORT.name,
      mimeType: 'text/csv',
      buffer: Buffer.from(LONG_IMPORT.csv),
    })
    await page.getByText(PREVIEWED).waitFor({ timeout: 60_000 })
    await networkQuiet(page)
    expect(await page.evaluate(layoutFaults, { touch, focus: true })).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${shots}/layout-contacts-import-${tag}.png`, fullPage: true })
  })
})

/**
 * Staff move between screens inside the app, and so do the WebKit runs: a full navigation every second
 * or two left WebKit's IndexedDB held by the page it left, under load (docs/testing.md, "WebKit"), which
 * is not what this file checks. `OUTPOST_REPRO_FULL_NAVIGATION=1` opens each screen by full navigation.
 * Gecko keeps full navigations: after in-app ones its document reports no focus (`document.hasFocus()`
 * is false under Xvfb), and the check that a cut value shows whole when focused needs it.
 */
const FULL_NAVIGATION = process.env.OUTPOST_REPRO_FULL_NAVIGATION === '1'

describe.each(['gecko', 'webkit'] as const)('%s', (engine) => {
  const open = (page: EnginePage, path: string) =>
    FULL_NAVIGATION || engine === 'gecko' ? page.goto(`${server.url}${path}`) : openInApp(page, path)

  describe.each(SIZES)('at $width×$height', ({ width, height }) => {
    let page: EnginePage

    beforeAll(async () => {
      page = await openEngine(engine, { size: { width, height } })
      await signIn(page, server.url)
      await settled(page)
    }, 120_000)

    afterAll(async () => {
      await page?.close()
    })

    it('fits every list, every kind of edit screen and the import page', async () => {
      // The page's own viewport: in WebKit's phone, the frame's (its window is 447 px at the narrowest).
      const framed = engine === 'webkit' && width < 447
      expect(
        await page.evaluate(() => [window.innerWidth, window.innerHeight, window !== window.top], null),
      ).toEqual([width, height, framed])
      const check = { touch: false, focus: engine !== 'webkit' }
      const faults: string[] = []
      for (const { path, name } of LISTS) {
        await open(page, path)
        await probingOnFailure(page, waitUntilShown(page, { role: 'button', name: `Delete ${name}` }, 60_000))
        if (path === '/contacts/list')
          await page.screenshot(`${shots}/layout-${engine}-contacts-list-${width}.png`)
        faults.push(...(await page.evaluate(layoutFaults, check)).map((fault) => `${path}: ${fault}`))
        faults.push(...(await seriousViolationsIn(page)).map((fault) => `${path}: ${fault}`))
      }
      for (const edit of EDITS) {
        const path = edit.path(ids)
        await open(page, path)
        await probingOnFailure(
          page,
          until(() => page.evaluate(holds, edit.value), Boolean, `${path} to show its record`, 60_000),
        )
        if (path.startsWith('/contacts/')) {
          await until(
            () => page.evaluate(companyShown, LONG.company.companyName),
            Boolean,
            'the contact’s company',
            60_000,
          )
          await page.screenshot(`${shots}/layout-${engine}-contacts-edit-${width}.png`)
        }
        faults.push(...(await page.evaluate(layoutFaults, check)).map((fault) => `${path}: ${fault}`))
        faults.push(...(await seriousViolationsIn(page)).map((fault) => `${path}: ${fault}`))
      }
      await open(page, '/contacts/import')
      await waitForText(
        page,
        'Choose a CSV file or an Excel workbook (.xlsx) saved from a spreadsheet.',
        60_000,
      )
      await chooseFile(page, LONG_IMPORT.name, LONG_IMPORT.csv)
      await probingOnFailure(page, waitForText(page, PREVIEWED, 60_000))
      await page.screenshot(`${shots}/layout-${engine}-contacts-import-${width}.png`)
      faults.push(...(await page.evaluate(layoutFaults, check)).map((fault) => `/contacts/import: ${fault}`))
      faults.push(...(await seriousViolationsIn(page)).map((fault) => `/contacts/import: ${fault}`))
      expect(faults).toEqual([])
    }, 300_000)
  })
})
