/**
 * The shell at 768×1024 under a finger: the sidebar is a drawer opened from
 * the top bar, a tap on an entry opens the screen and closes the drawer, every
 * control in reach is at least 44 px tall, and axe-core finds no serious fault.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe'
import { chromiumRig } from './chromium-rig'
import { networkQuiet } from './network-quiet'
import type { RunningServer } from './server-process'
import { signInThroughUi } from './signed-in'

let server: RunningServer
let page: Page
const shots = 'tests/e2e/screenshots'

// Signed in by the login screen alone: the service worker is not waited for.
chromiumRig(
  async (opened) => {
    ;({ server, page } = opened)
    await signInThroughUi(page, server.url)
  },
  { viewport: { width: 768, height: 1024 }, touch: true },
)

/** Heights below 44 px of the visible controls inside `scope`, by their names. */
async function smallTargets(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)
    if (!root) return [`${selector} is missing`]
    return [...root.querySelectorAll<HTMLElement>('a[href], button, select, input:not([type=hidden])')]
      .filter((element) => element.offsetParent !== null && !element.classList.contains('sr-only'))
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map(
        (element) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()}: ${element.getBoundingClientRect().height} px`,
      )
  }, scope)
}

describe('the shell on a tablet', () => {
  it('opens screens from the drawer by touch, with 44 px targets and no serious accessibility fault', async () => {
    await page.goto(`${server.url}/contacts/list`)
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    expect(await sidebar.isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Open menu' }).tap()
    await sidebar.getByRole('link', { name: 'Companies', exact: true }).waitFor()
    await page.getByRole('button', { name: /^Your account/ }).tap()
    expect(await smallTargets(page, '#sidebar')).toEqual([])
    await page.screenshot({ path: `${shots}/tablet-drawer-768.png` })
    await sidebar.getByRole('link', { name: 'Companies', exact: true }).tap()
    await page.waitForURL(`${server.url}/companies/list`)
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor()
    await sidebar.waitFor({ state: 'hidden' })

    expect(await smallTargets(page, 'header')).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    for (const path of ['/users/settings', '/users/me', '/admin/users', '/admin/overview']) {
      await page.goto(`${server.url}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await networkQuiet(page)
      expect(await seriousViolations(page), path).toEqual([])
    }
    await page.screenshot({ path: `${shots}/tablet-overview-768.png` })
  }, 120_000)

  it('shows each contact as a card titled with the whole name, the last name not repeated under it', async () => {
    await page.goto(`${server.url}/contacts/add`)
    await page.getByLabel('First Name', { exact: true }).fill('Inês')
    await page.getByLabel('Last Name', { exact: true }).fill('Al-Sayed')
    await page.getByLabel('Phone', { exact: true }).fill('+971 4 555 2080')
    await page.getByRole('button', { name: 'Save Contact' }).tap()
    await page.waitForURL(/\/contacts\/edit\//)
    await page.goto(`${server.url}/contacts/list`)
    const card = page.getByRole('row').filter({ hasText: 'Inês' })
    await card.waitFor()
    const title = card.locator('[data-card-rest]')
    expect(await title.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(
      '" Al-Sayed"',
    )
    expect(await card.locator('td[data-label="Last Name"]').isVisible()).toBe(false)
    expect(await card.locator('td[data-label="Phone"]').isVisible()).toBe(true)
    // No email given: no 'Email' label over nothing.
    expect(await card.locator('td[data-label="Email"]').isVisible()).toBe(false)
    await page.screenshot({ path: `${shots}/tablet-contacts-768.png` })
  }, 60_000)
})
