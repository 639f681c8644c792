/**
 * An evicted mirror in WebKit (Safari's engine) and Gecko (Firefox's), where
 * no DevTools protocol clears storage: the page itself deletes the user's
 * database and empties localStorage, leaving the cookies, as an eviction
 * does. With one change queued while the network was cut, the next sign-in
 * says the data was deleted and that the change was lost, and the records
 * download again. storage.test.ts runs the fuller story in Chromium.
 */

import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import { serviceWorkerInControl, settled, signIn, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'
const TITLE = 'Principal Engineer of the Analytical Engine'

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  /** Changes waiting, as the device marker (a cookie) counts them for the one user it names. */
  const markedPending = () =>
    page.evaluate(() => {
      const raw = document.cookie
        .split('; ')
        .find((part) => part.startsWith('outpost-device='))
        ?.slice('outpost-device='.length)
      const entries = raw ? (JSON.parse(decodeURIComponent(raw)) as [string, string, number | null][]) : []
      return entries[0]?.[2] ?? -1
    }, null)

  it('tells an evicted mirror after signing in again, with the change it took', async () => {
    const api = await apiSession(server.url)
    const { doc } = await api.post<{ doc: Contact }>('contacts', {
      firstName: 'Charles',
      lastName: 'Babbage',
    })
    await signIn(page, network.url)
    await settled(page)
    await serviceWorkerInControl(page)
    await until(markedPending, (pending) => pending === 0, 'the device to be marked')

    network.cut()
    await page.goto(`${network.url}/contacts/edit/${doc.id}`) // served by the service worker
    await page.fill('Title', TITLE)
    await page.click({ role: 'button', name: 'Update Contact' })
    await waitForText(page, 'This contact has been updated successfully.')
    await until(markedPending, (pending) => pending === 1, 'the marker to count the queued change')

    // The eviction: the database and localStorage go, the cookies stay. The app closes its connections
    // when another asks to delete the database (Dexie's versionchange), so the deletion is not blocked.
    const deleted = await page.evaluate(async () => {
      const name = `outpost-${localStorage.getItem('userId')}`
      localStorage.clear()
      return new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(name)
        request.onsuccess = () => resolve('deleted')
        request.onerror = () => resolve(`error ${request.error?.name}`)
      })
    }, null)
    expect(deleted).toBe('deleted')
    // Away from the evicted page before the network returns: still running, its sync would store the
    // signed-in user again the moment it could reach the server, which no evicted device does.
    await page.goto(`${network.url}/login`)
    await waitUntilShown(page, { role: 'button', name: "Let's go" })
    network.restore()

    await signIn(page, network.url)
    await waitForText(page, "Your browser deleted Outpost's data on this device")
    await waitForText(
      page,
      '1 change made on this device was not yet on the server and could not be kept: please make it again.',
    )
    await page.goto(`${network.url}/contacts/list`)
    await waitUntilShown(page, { role: 'button', name: 'Delete Charles Babbage' }, 60_000)
    await page.screenshot(`${shots}/storage-evicted-${engine}.png`)
    const { docs } = await api.get<ListResponse<Contact>>('contacts?limit=10')
    expect(docs.map((contact) => contact.title)).not.toContain(TITLE)
  })
})
