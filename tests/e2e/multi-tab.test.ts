/**
 * Two tabs of the app, one user: a contact added in one tab shows up live in
 * the other, and it reaches the server exactly once, because only the tab
 * holding the sync lock replays the outbox. And a lock held by a page that
 * never answers (Firefox can leave it granted to a page it unloaded) is
 * taken over, so the changes still go out.
 */
import type { Page, Request } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { type Chromium, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { signInThroughUi, until } from './signed-in'

let server: RunningServer
let browser: Chromium

chromiumRig((opened) => {
  ;({ server, browser } = opened)
})
it('shares one outbox between tabs and replays it once', async () => {
  const first = browser.context.pages()[0] as Page
  await signInThroughUi(first, server.url)
  await first.goto(`${server.url}/contacts/list`)
  const second = await browser.context.newPage()
  await second.goto(`${server.url}/contacts/add`)

  const creates: Request[] = []
  browser.context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contacts')
      creates.push(request)
  })

  await second.getByLabel('First Name').fill('Tabitha')
  await second.getByLabel('Last Name').fill('Twofold')
  await second.getByRole('button', { name: 'Save Contact' }).click()
  await second.waitForURL(/\/contacts\/edit\//)

  // The first tab never reloaded: the row arrives through cross-tab change events (Dexie's, and the list index's channel).
  await first.getByRole('row').filter({ hasText: 'Twofold' }).waitFor()
  const api = await apiSession(server.url)
  const docs = await until(
    async () => (await api.get<ListResponse<Contact>>('contacts?limit=100')).docs,
    (list) => list.length === 1,
    'the contact to reach the server',
  )
  expect(docs[0]).toMatchObject({ firstName: 'Tabitha', lastName: 'Twofold' })
  // Instead of a pause: once each tab's chip says Online, its engine is idle and the shared outbox is empty,
  // so no replay is under way or left to start, and every POST there will be has been seen.
  for (const tab of [first, second])
    await tab.getByRole('banner').getByText('Online', { exact: true }).waitFor()
  expect(creates).toHaveLength(1)
})

it('takes the sync lock over from a holder that never answers, and the change goes out', async () => {
  const first = browser.context.pages()[0] as Page
  const userId = await first.evaluate(() => localStorage.getItem('userId') as string)
  // A document of the app's origin that is not the app: it takes the lock and keeps it, saying nothing,
  // as the page Firefox unloaded does.
  const stranger = await browser.context.newPage()
  await stranger.goto(`${server.url}/manifest.webmanifest`)
  await stranger.evaluate(
    (name) =>
      new Promise<void>((granted) => {
        navigator.locks
          .request(name, () => {
            granted()
            return new Promise(() => {})
          })
          .catch((error: DOMException) => {
            ;(window as { lostLock?: string }).lostLock = error.name
          })
      }),
    `outpost-sync-${userId}`,
  )

  await first.goto(`${server.url}/contacts/add`)
  await first.getByLabel('First Name').fill('Orphelia')
  await first.getByLabel('Last Name').fill('Heldlock')
  await first.getByRole('button', { name: 'Save Contact' }).click()
  await first.waitForURL(/\/contacts\/edit\//)

  const api = await apiSession(server.url)
  const onServer = () => api.get<ListResponse<Contact>>('contacts?where[lastName][equals]=Heldlock&limit=10')
  await until(onServer, (list) => list.totalDocs === 1, 'the change to go out past the silent holder', 40_000)
  expect(await stranger.evaluate(() => (window as { lostLock?: string }).lostLock)).toBe('AbortError')
  await first.getByRole('banner').getByText('Online', { exact: true }).waitFor()
  await stranger.close()
})
