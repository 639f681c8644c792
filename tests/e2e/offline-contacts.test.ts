/**
 * The walking skeleton, as a member of staff on site would use it: sign in,
 * add a contact, lose the network, edit it and add another, reload with no
 * network (the app and both contacts are still there, marked not synced),
 * get the network back, and find exactly those records on the server, once each.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page
const shots = 'tests/e2e/screenshots'

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { network: true },
)

async function serverContacts() {
  const api = await apiSession(server.url)
  return (await api.get<ListResponse<Contact>>('contacts?limit=100')).docs
}

it('works offline and syncs every change exactly once', async () => {
  await page.goto(`${appUrl}/contacts/list`)
  await page.waitForURL(/\/login/)
  await signInThroughUi(page, appUrl)
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('Admin')
  // The service worker must control the page before the network goes away.
  await serviceWorkerInControl(page)

  await page.goto(`${appUrl}/contacts/list`)
  await page.getByRole('link', { name: 'Add Contact' }).first().click()
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByRole('button', { name: 'Save Contact' }).click()
  await page.waitForURL(/\/contacts\/edit\//)
  const adaId = page.url().split('/').pop() as string
  await until(serverContacts, (docs) => docs.length === 1, 'the first contact to reach the server')

  await setOffline(true)
  await page.getByLabel('Title').fill('Countess')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  await page.getByText('Saved - This contact has been updated successfully.').waitFor()
  await page.goto(`${appUrl}/contacts/add`) // served by the service worker
  await page.getByLabel('First Name').fill('Grace')
  await page.getByLabel('Last Name').fill('Hopper')
  await page.getByRole('button', { name: 'Save Contact' }).click()
  await page.waitForURL(/\/contacts\/edit\//)

  await page.goto(`${appUrl}/contacts/list`)
  await page.reload()
  // The network is really gone for the reloaded page. (Its navigator.onLine is not a sure sign: this
  // Chromium reports true in a reloaded document of an offline context, though every request fails.)
  const reached = await page.evaluate(() =>
    fetch('/api/users/me').then(
      () => true,
      () => false,
    ),
  )
  expect(reached).toBe(false)
  const rows = page.getByRole('row')
  await rows.filter({ hasText: 'Lovelace' }).waitFor()
  await rows.filter({ hasText: 'Hopper' }).waitFor()
  // The rows and their badges come from separate live queries (the page, the outbox): wait for the badges.
  await rows.filter({ hasText: 'Lovelace' }).getByText('Not synced').waitFor()
  await rows.filter({ hasText: 'Hopper' }).getByText('Not synced').waitFor()
  expect(await rows.filter({ hasText: 'Lovelace' }).getByText('Not synced').count()).toBe(1)
  expect(await rows.filter({ hasText: 'Hopper' }).getByText('Not synced').count()).toBe(1)
  await page.screenshot({ path: `${shots}/contacts-offline-laptop.png` })
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.screenshot({ path: `${shots}/contacts-offline-tablet.png` })
  await page.setViewportSize({ width: 1280, height: 800 })
  expect((await serverContacts()).map((doc) => doc.title)).toEqual([''])

  await setOffline(false)
  const docs = await until(
    serverContacts,
    (list) => list.length === 2 && list.some((doc) => doc.title === 'Countess'),
    'the offline changes to reach the server',
  )
  const byName = Object.fromEntries(docs.map((doc) => [doc.firstName, doc]))
  expect(Object.keys(byName).sort()).toEqual(['Ada', 'Grace'])
  expect(byName.Ada).toMatchObject({
    id: adaId,
    lastName: 'Lovelace',
    email: 'ada@example.com',
    title: 'Countess',
  })
  expect(byName.Grace).toMatchObject({ lastName: 'Hopper' })
  await rows.filter({ hasText: 'Hopper' }).getByText('Not synced').waitFor({ state: 'detached' })
  await page.screenshot({ path: `${shots}/contacts-synced-laptop.png` })
})
