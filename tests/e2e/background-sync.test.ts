/**
 * Background Sync in Chromium: a contact added offline, the tab closed before
 * the network returns, then (network back, no tab of the app open) the
 * browser's sync event, fired here through the DevTools protocol as Chromium
 * fires it on reconnecting, makes the service worker send it. The server then
 * holds it exactly once.
 */
import type { CDPSession } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Chromium, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

let server: RunningServer
let browser: Chromium

chromiumRig((opened) => {
  ;({ server, browser } = opened)
})

/** Changes waiting as the device marker counts them (a cookie: src/session/device-marker.ts). */
async function markedPending() {
  const cookie = (await browser.context.cookies(server.url)).find((c) => c.name === 'outpost-device')
  const entries: [string, string, number | null][] = cookie
    ? JSON.parse(decodeURIComponent(cookie.value))
    : []
  return entries[0]?.[2]
}

/** The id of the app's service-worker registration, as the DevTools protocol reports it. */
async function registrationId(cdp: CDPSession, scope: string) {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === scope && !registration.isDeleted,
      )
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return found
}

describe('Background Sync', () => {
  it('sends a change queued offline after the tab has closed, once the network is back', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    await signInThroughUi(page, server.url)
    await serviceWorkerInControl(page)
    const userId = await page.evaluate(() => localStorage.getItem('userId'))

    await browser.context.setOffline(true)
    await page.goto(`${server.url}/contacts/add`)
    await page.getByLabel('First Name', { exact: true }).fill('Closed')
    await page.getByLabel('Last Name', { exact: true }).fill('Tab')
    await page.getByRole('button', { name: 'Save Contact' }).click()
    await page.waitForURL(/\/contacts\/edit\//)
    const tags = await until(
      () =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> }
          }
          return registration.sync.getTags()
        }),
      (found) => found.length > 0,
      'the sync to be registered',
    )
    expect(tags).toEqual([`outpost-outbox:${userId}`])

    // A tab that is not the app's, only to speak the DevTools protocol once the app's tab is gone.
    const other = await browser.context.newPage()
    const cdp = await browser.context.newCDPSession(other)
    const registration = await registrationId(cdp, `${server.url}/`)
    // The tab counted the queued change; once it is closed only the service worker can count again.
    await until(markedPending, (pending) => pending === 1, 'the marker to count the queued change')
    await page.close()
    await browser.context.setOffline(false)

    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: registration,
      tag: `outpost-outbox:${userId}`,
      lastChance: false,
    })
    const api = await apiSession(server.url)
    const found = await until(
      () =>
        api.get<{ docs: { firstName: string; lastName: string }[] }>('contacts?where[lastName][equals]=Tab'),
      (answer) => answer.docs.length > 0,
      'the contact on the server',
    )
    expect(found.docs).toHaveLength(1)
    expect(found.docs[0]).toMatchObject({ firstName: 'Closed', lastName: 'Tab' })
    // Sent, so no longer at risk: an eviction now must not call it lost.
    await until(markedPending, (pending) => pending === 0, 'the service worker to update the marker')
    expect(browser.context.pages().map((open) => open.url())).toEqual(['about:blank'])
  }, 120_000)
})
