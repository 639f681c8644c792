/**
 * Nothing typed is lost, in real Chromium (docs/decisions/009-drafts-and-leaving-a-form.md): leaving
 * a form with unsaved typing asks first, and a reload (the tab's own question accepted) brings the
 * typing back from the device. Screenshots at a phone's, a tablet's and a laptop's size.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { chromiumRig } from './chromium-rig'
import type { RunningServer } from './server-process'

let server: RunningServer
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page } = opened)
  },
  { signedIn: true },
)

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]
const LONG_NAME = 'Maximiliana-Alexandrina'

it('asks before leaving a form with typing, and a reload brings the typing back', async () => {
  await page.goto(`${server.url}/contacts/add`)
  await page.getByLabel('First Name').fill(LONG_NAME)
  await page.getByLabel('Title').fill('Head of Offshore Decommissioning and Subsea Inspection')

  // The back link, as staff leave a form: asked, and staying keeps it all.
  await page.getByRole('link', { name: 'Back to the list' }).click()
  const question = page.getByRole('dialog', { name: 'Leave without saving?' })
  await question.waitFor()
  await page.screenshot({ path: 'tests/e2e/screenshots/leave-question-1280.png' })
  await question.getByRole('button', { name: 'Keep editing' }).click()
  await question.waitFor({ state: 'detached' })
  expect(new URL(page.url()).pathname).toBe('/contacts/add')
  expect(await page.getByLabel('First Name').inputValue()).toBe(LONG_NAME)

  // A reload (the browser's own question accepted): the draft comes back from the device.
  await page.reload()
  const notice = page.getByText(/^Your unsaved changes from .+ are back\.$/)
  await notice.waitFor()
  expect(await page.getByLabel('First Name').inputValue()).toBe(LONG_NAME)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `tests/e2e/screenshots/draft-back-${size.width}.png`, fullPage: true })
  }
  // The notice's button fits the phone's width: nothing scrolls sideways.
  await page.setViewportSize(SIZES[0] as (typeof SIZES)[0])
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // Saved: the draft goes, and leaving no longer asks.
  await page.setViewportSize(SIZES[2] as (typeof SIZES)[0])
  await page.getByLabel('Last Name').fill('Vandenberghe')
  await page.getByRole('button', { name: 'Save Contact' }).click()
  await page.waitForURL(/\/contacts\/edit\//)
  await page.getByRole('link', { name: 'Back to the list' }).click()
  await page.waitForURL(/\/contacts\/list$/)
  await page.goto(`${server.url}/contacts/add`)
  await page.getByRole('button', { name: 'Save Contact' }).waitFor()
  expect(await page.getByLabel('First Name').inputValue()).toBe('')
  expect(await notice.count()).toBe(0)
}, 120_000)
