/**
 * Signing out and in again with no network, as a field worker would: signed
 * in online once, the network goes, Log Out asks first and says signing in
 * again works here; signing in offline opens the device's records, and an
 * edit made then reaches the server exactly once when the network returns
 * (the session renewed first). In the second case the password was changed
 * on the server meanwhile: the network's return signs the device out with
 * the reason, and the edit is not sent under that session.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { REFUSED_TEXT } from '../../src/session/offline-session'
import { type Chromium, type ChromiumRig, chromiumRig } from './chromium-rig'
import { ADMIN, apiSession, type RunningServer } from './server-process'
import { serviceWorkerInControl, until } from './signed-in'

let server: RunningServer
/** Each test is a device of its own: the first the rig's Chromium, the second another. */
let rig: ChromiumRig
const shots = 'tests/e2e/screenshots'

// Leaving with unsynced changes asks first (beforeunload); these reloads are meant, as the rig's pages accept.
chromiumRig((opened) => {
  rig = opened
  server = opened.server
})

/** An account of staff, made by the Admin as the Staff screen does. */
async function newWorker(name: string) {
  const api = await apiSession(server.url)
  const worker = {
    email: `${name.toLowerCase()}.field-worker-with-a-long-address@outpost-field-operations.test`,
    password: `field-${crypto.randomUUID()}`,
  }
  const { doc } = await api.post<{ doc: { id: string } }>('users', {
    ...worker,
    firstName: name,
    lastName: 'Featherstonehaugh-Worthington',
  })
  return { ...worker, id: doc.id }
}

/** As the Admin, straight to the API (another device): a new password ends the worker's sessions. */
async function changePassword(userId: string, password: string) {
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
  const answer = await fetch(`${server.url}/api/users/${userId}`, {
    method: 'PATCH',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  })
  expect(answer.status).toBe(200)
}

async function serverContact(lastName: string) {
  const api = await apiSession(server.url)
  const { docs } = await api.get<ListResponse<Contact>>(`contacts?where[lastName][equals]=${lastName}`)
  return docs
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: "Let's go" }).click()
}

/** Online sign-in, the contact on the device, then the network gone and Log Out confirmed. */
async function signInThenLogOutOffline(
  page: Page,
  browser: Chromium,
  worker: { email: string; password: string },
  lastName: string,
) {
  await page.goto(`${server.url}/login`)
  await signIn(page, worker.email, worker.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await serviceWorkerInControl(page)
  await page.goto(`${server.url}/contacts/list`)
  await page.getByRole('row').filter({ hasText: lastName }).waitFor()

  await browser.context.setOffline(true)
  await page.getByRole('link', { name: 'Log Out' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Log out while offline?' }).waitFor()
  expect(await dialog.textContent()).toContain(
    'You can sign in again on this device without a network, with the same password',
  )
  return dialog
}

it('signs out and in again offline, edits a record, and the edit reaches the server once', async () => {
  const { browser, page } = rig
  const worker = await newWorker('Augusta')
  const api = await apiSession(server.url)
  await api.post('contacts', { firstName: 'Charles', lastName: 'Babbage', title: 'Engineer' })

  const dialog = await signInThenLogOutOffline(page, browser, worker, 'Babbage')
  await page.screenshot({ path: `${shots}/log-out-offline-laptop.png` })
  for (const [size, width, height] of [
    ['tablet', 768, 1024],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `${shots}/log-out-offline-${size}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL(/\/login/)

  // The same person, the email typed differently, no network: the device opens.
  await page.goto(`${server.url}/contacts/list`) // served by the service worker; the guard sends it to /login
  await page.waitForURL(/\/login/)
  await signIn(page, worker.email.toUpperCase(), 'not-the-password')
  await page.getByText('The email or password provided is incorrect.').waitFor()
  await signIn(page, worker.email.toUpperCase(), worker.password)
  await page.waitForURL(/\/contacts\/list/)
  const row = page.getByRole('row').filter({ hasText: 'Babbage' })
  await row.waitFor()
  expect(await page.evaluate(() => localStorage.getItem('unprovenSession'))).not.toBeNull()

  await row.getByRole('link', { name: 'Edit Charles Babbage' }).click()
  await page.getByLabel('Title').fill('Analytical Engine designer')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  await page.getByText('Saved - This contact has been updated successfully.').waitFor()
  expect((await serverContact('Babbage'))[0]?.title).toBe('Engineer')

  await browser.context.setOffline(false)
  const [doc] = await until(
    () => serverContact('Babbage'),
    (docs) => docs[0]?.title === 'Analytical Engine designer',
    'the offline edit to reach the server',
    40_000,
  )
  // Created, then edited once: version 2, and one contact.
  expect(doc?.version).toBe(2)
  expect(await serverContact('Babbage')).toHaveLength(1)
  expect(await page.evaluate(() => localStorage.getItem('unprovenSession'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(worker.id)
})

it('signs the device out when the password was changed on the server meanwhile, sending nothing', async () => {
  const { browser, page } = await rig.openBrowser()
  const worker = await newWorker('Mary')
  const api = await apiSession(server.url)
  await api.post('contacts', { firstName: 'Mary', lastName: 'Somerville', title: 'Author' })

  const dialog = await signInThenLogOutOffline(page, browser, worker, 'Somerville')
  await dialog.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL(/\/login/)
  await page.goto(`${server.url}/contacts/list`)
  await page.waitForURL(/\/login/)
  await signIn(page, worker.email, worker.password)
  await page.waitForURL(/\/contacts\/list/)
  const row = page.getByRole('row').filter({ hasText: 'Somerville' })
  await row.getByRole('link', { name: 'Edit Mary Somerville' }).click()
  await page.getByLabel('Title').fill('Never sent')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  await page.getByText('Saved - This contact has been updated successfully.').waitFor()

  await changePassword(worker.id, `changed-${crypto.randomUUID()}`)
  await browser.context.setOffline(false)
  await page.getByText(REFUSED_TEXT).waitFor({ timeout: 40_000 })
  expect(new URL(page.url()).pathname).toBe('/login')
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull()
  await page.screenshot({ path: `${shots}/signed-out-refused-laptop.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${shots}/signed-out-refused-phone.png`, fullPage: true })
  expect((await serverContact('Somerville'))[0]?.title).toBe('Author')
})
