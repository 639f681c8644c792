/**
 * The dashboard in real Chromium: the overview's figures follow a contact
 * added in another tab of the same browser (no reload), and the stats screen
 * draws its charts with a table behind each.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { type Chromium, chromiumRig } from './chromium-rig'
import type { RunningServer } from './server-process'
import { signInThroughUi } from './signed-in'

let server: RunningServer
let browser: Chromium

chromiumRig((opened) => {
  ;({ server, browser } = opened)
})
const tile = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^${label}: `) })
const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 3, name: title }) })

it('follows a contact added in another tab', async () => {
  const overview = browser.context.pages()[0] as Page
  await signInThroughUi(overview, server.url)
  await overview.goto(`${server.url}/admin/overview`)
  await tile(overview, 'Contacts')
    .and(overview.getByRole('link', { name: 'Contacts: 0' }))
    .waitFor()
  await card(overview, 'Contacts by department').getByText('No contacts yet.').waitFor()

  const second = await browser.context.newPage()
  await second.goto(`${server.url}/contacts/add`)
  await second.getByLabel('First Name').fill('Tabitha')
  await second.getByLabel('Last Name').fill('Twofold')
  await second.getByLabel('Department').selectOption('Sales')
  await second.getByRole('button', { name: 'Save Contact' }).click()
  await second.waitForURL(/\/contacts\/edit\//)

  // The overview never reloaded: the figures follow the other tab's write.
  await overview.getByRole('link', { name: 'Contacts: 1' }).waitFor()
  const departments = card(overview, 'Contacts by department')
  await departments.getByRole('listitem').filter({ hasText: 'Sales' }).waitFor()
  expect(await departments.getByRole('listitem').allTextContents()).toEqual(['Sales1'])
  const recent = card(overview, 'Recently added')
  await recent.getByRole('link', { name: 'Tabitha Twofold' }).waitFor()
  expect(await recent.getByRole('link', { name: 'Tabitha Twofold' }).getAttribute('href')).toBe(
    new URL(second.url()).pathname,
  )
  await second.close()
})

it('draws the stats charts, each with its table', async () => {
  const page = browser.context.pages()[0] as Page
  await page.goto(`${server.url}/admin/stats`)
  await page.getByRole('heading', { level: 2, name: 'Stats' }).waitFor()
  const departments = page.getByRole('table', { name: 'Contacts per department' })
  await departments.waitFor({ state: 'attached' })
  await page.getByRole('row', { name: 'Sales 1' }).waitFor({ state: 'attached' })

  // A chart for each figure with something to show (one contact: the weeks and the departments), drawn as
  // SVG and hidden from screen readers, whose tables they reach instead; the others say why they are empty.
  await page.locator('svg.ct-chart-bar').nth(1).waitFor()
  expect(await page.locator('svg.ct-chart-bar').count()).toBe(2)
  expect(await page.locator('svg.ct-chart-bar .ct-bar').count()).toBeGreaterThan(0)
  expect(await page.locator('[aria-hidden="true"] > svg.ct-chart-bar').count()).toBe(2)
  expect(await page.getByRole('table').count()).toBe(2)
  await page.getByRole('table', { name: 'Records added per week, over the last twelve weeks' }).waitFor({
    state: 'attached',
  })
  await page.getByText('No contact belongs to a company yet.').waitFor()
  await page.getByText('No industries, services or products yet.').waitFor()

  // The table is off screen until asked for, then in the chart's place.
  // The table's box: 1 px (visually hidden) until shown.
  const width = async () => (await departments.locator('..').boundingBox())?.width ?? 0
  expect(await width()).toBeLessThanOrEqual(1)
  const section = card(page, 'Contacts per department')
  await section.getByRole('button', { name: 'Show table' }).click()
  await expect.poll(width).toBeGreaterThan(200)
  expect(await section.locator('svg.ct-chart-bar').count()).toBe(0)
})
