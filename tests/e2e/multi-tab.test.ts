/**
 * Two tabs of the app, one user: a contact added in one tab shows up live in
 * the other, and it reaches the server exactly once, because only the tab
 * holding the sync lock replays the outbox.
 */
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { launchBrowser } from './chromium'
import { apiSession, type RunningServer, startServer } from './server-process'
import { signInThroughUi, until } from './signed-in'

let server: RunningServer
let browser: Awaited<ReturnType<typeof launchBrowser>>

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
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
