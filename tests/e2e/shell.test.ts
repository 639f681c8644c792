/**
 * The shell in real Chromium against the real server, as staff would use it:
 * every navigation entry as an Admin (each screen titled and free of serious
 * accessibility faults), an Admin making a User who then signs in and cannot
 * reach staff administration, the sidebar colour kept across a reload, the
 * global search and the lock working with the network off.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe'
import { type Chromium, chromiumRig } from './chromium-rig'
import { networkQuiet } from './network-quiet'
import { ADMIN, apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

let server: RunningServer
let browser: Chromium
let page: Page
const shots = 'tests/e2e/screenshots'

chromiumRig(
  (opened) => {
    ;({ server, browser, page } = opened)
  },
  { signedIn: true },
)

const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' })

async function openFromSidebar(group: string | null, label: string) {
  const link = sidebar().getByRole('link', { name: label, exact: true })
  if (group && !(await link.isVisible()))
    await sidebar().getByRole('button', { name: group, exact: true }).click()
  await link.click()
}

type Entry = readonly [group: string | null, label: string, path: string]

/**
 * Opens each entry from the sidebar and checks the screen once it has settled: titled, and free of
 * serious accessibility faults. Axe runs only after the network is quiet, so it judges the screen
 * its reader gets, not one still filling in (a list's first page arriving mid-check).
 */
async function visitFromSidebar(entries: readonly Entry[]): Promise<string[]> {
  const faults: string[] = []
  for (const [group, label, path] of entries) {
    await openFromSidebar(group, label)
    await page.waitForURL(`${server.url}${path}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.title()).toMatch(/ · Outpost$/)
    await networkQuiet(page)
    for (const fault of await seriousViolations(page)) faults.push(`${path}: ${fault}`)
  }
  return faults
}

describe('the shell in Chromium', () => {
  it('leads an Admin to every screen from the sidebar, each titled and with no serious accessibility fault', async () => {
    const faults = await visitFromSidebar([
      ['Dashboard', 'Overview', '/admin/overview'],
      ['Dashboard', 'Stats', '/admin/stats'],
      [null, 'Contacts', '/contacts/list'],
      [null, 'Companies', '/companies/list'],
      [null, 'Industries', '/industries/list'],
      [null, 'Services', '/services/list'],
      [null, 'Products', '/products/list'],
      ['Admin', 'Users', '/admin/users'],
      [null, 'Sync issues', '/sync-issues'],
    ])
    for (const path of ['/users/settings', '/contacts/add', '/admin/users/add']) {
      await page.goto(`${server.url}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      for (const fault of await seriousViolations(page)) faults.push(`${path}: ${fault}`)
    }
    expect(faults).toEqual([])
  }, 180_000)

  it("offers 'Install app' once Chromium finds the app installable", async () => {
    await page.goto(`${server.url}/contacts/list`)
    await sidebar().getByRole('button', { name: 'Install app' }).waitFor({ timeout: 30_000 })
  })

  it('keeps the sidebar colour chosen in Settings across a reload', async () => {
    await page.goto(`${server.url}/users/settings`)
    // The swatch is the label a finger or a mouse presses; the radio inside it is for the keyboard.
    await page.locator('label', { hasText: 'Black' }).click()
    await page.locator('label', { hasText: 'Success' }).click()
    expect(await page.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true)
    expect(await sidebar().getAttribute('data-sidebar-colour')).toBe('black')
    await page.screenshot({ path: `${shots}/settings-black-1280.png` })
    await page.reload()
    await sidebar().waitFor()
    expect(await sidebar().getAttribute('data-sidebar-colour')).toBe('black')
    expect(await seriousViolations(page)).toEqual([])
    await page.locator('label', { hasText: 'White' }).click()
    await page.locator('label', { hasText: 'Primary' }).click()
  })

  it('searches the mirror and locks and unlocks with the network off', async () => {
    const api = await apiSession(server.url)
    const { doc } = await api.post<{ doc: { id: string } }>('contacts', {
      firstName: 'Søren',
      lastName: 'Kierkegaard',
      phone: '+44 (0)20 7946-0123',
    })
    await page.goto(`${server.url}/contacts/list`)
    await page.getByText('Kierkegaard').first().waitFor({ timeout: 30_000 })

    const consoleErrors: string[] = []
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    }
    await browser.context.setOffline(true)
    page.on('console', onConsole)
    try {
      const search = page.getByRole('combobox', { name: 'Search everything' })
      await search.fill('soren')
      await page.getByRole('option', { name: /Søren Kierkegaard/ }).waitFor()
      await search.fill('7946 0123')
      await page.getByRole('option', { name: /Søren Kierkegaard/ }).waitFor()
      await search.press('Escape')

      await sidebar()
        .getByRole('button', { name: /Signed in|Admin|@/ })
        .first()
        .click()
      await sidebar().getByRole('button', { name: 'Lock' }).click()
      const password = page.getByLabel('Password')
      await password.waitFor()
      expect(await page.getByText('Kierkegaard').filter({ visible: true }).count()).toBe(0)
      await page.screenshot({ path: `${shots}/lock-1280.png` })
      await password.fill('not-the-password')
      await page.getByRole('button', { name: 'Unlock' }).click()
      await page.getByText('The password provided is incorrect.').waitFor()
      await password.fill(ADMIN.password)
      await page.getByRole('button', { name: 'Unlock' }).click()
      await page.getByText('Kierkegaard').first().waitFor()

      // A new tab opened cold on a deep link, with no network: the app and the record come from the device.
      const cold = await browser.context.newPage()
      await cold.goto(`${server.url}/contacts/edit/${doc.id}`)
      await until(
        () => cold.getByLabel('Last Name', { exact: true }).inputValue(),
        (value) => value === 'Kierkegaard',
        'the deep-linked contact offline',
      )
      await cold.close()
      // Offline, nothing tries the network and fails: the console stays clean.
      expect(consoleErrors).toEqual([])
    } finally {
      page.off('console', onConsole)
      await browser.context.setOffline(false)
    }
  }, 60_000)

  it('edits My Profile and changes the photo, and the sidebar shows both', async () => {
    await page.goto(`${server.url}/users`)
    await page.waitForURL(`${server.url}/users/me`)
    await page.getByLabel('First Name').fill('Adelaide')
    await page.getByLabel('Last Name').fill('Lovelace')
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await page.getByText('Your profile has been updated successfully.').waitFor()
    await sidebar().getByText('Adelaide Lovelace').waitFor()

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
    await page.getByText('Your photo has been changed.').waitFor()
    const avatar = sidebar().locator('img[src*="/images/user_image/"]')
    await avatar.waitFor()
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const api = await apiSession(server.url)
    const { user: me } = await api.get<{
      user: { firstName: string; userImage: { filename: string } | null }
    }>('users/me')
    expect(me).toMatchObject({ firstName: 'Adelaide' })
    expect(me.userImage?.filename).toBeTruthy()
    await page.screenshot({ path: `${shots}/profile-1280.png` })
    expect(await seriousViolations(page)).toEqual([])
  }, 60_000)

  it('lets an Admin make a User, who signs in, clicks through every screen of theirs and cannot reach staff administration', async () => {
    await page.goto(`${server.url}/admin/users/add`)
    await page.getByLabel('First Name').fill('Grace')
    await page.getByLabel('Last Name').fill('Hopper')
    await page.getByLabel('Email').fill('grace@outpost.test')
    await page.getByRole('button', { name: 'Generate' }).click()
    const password = await page.getByLabel('Password').inputValue()
    await page.getByRole('button', { name: 'Save User' }).click()
    await page.getByText('It is shown only once.').waitFor()
    await page.screenshot({ path: `${shots}/staff-added-1280.png` })

    await page.getByRole('link', { name: 'Log Out' }).click()
    await page.waitForURL(/\/login/)
    await page.getByLabel('Email').fill('grace@outpost.test')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: "Let's go" }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await sidebar().getByRole('link', { name: 'Contacts' }).waitFor()
    expect(await sidebar().getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0)
    // A User's whole navigation, clicked through: every screen opens, titled, with no serious fault.
    const faults = await visitFromSidebar([
      ['Dashboard', 'Overview', '/admin/overview'],
      ['Dashboard', 'Stats', '/admin/stats'],
      [null, 'Contacts', '/contacts/list'],
      [null, 'Companies', '/companies/list'],
      [null, 'Industries', '/industries/list'],
      [null, 'Services', '/services/list'],
      [null, 'Products', '/products/list'],
      [null, 'Sync issues', '/sync-issues'],
    ])
    expect(faults).toEqual([])
    await page.goto(`${server.url}/admin/users`)
    await page.getByText('Oops! It seems that this page does not exist.').waitFor()
    const refused = await page.evaluate(async () => (await fetch('/api/users')).status)
    expect(refused).toBe(403)
    await until(
      () => page.evaluate(() => localStorage.getItem('userRole')),
      (role) => role === 'User',
      'the User to be signed in',
    )
  }, 60_000)
})
