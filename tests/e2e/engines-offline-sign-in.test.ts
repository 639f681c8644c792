/**
 * Signing out and in again with no network, in each browser engine staff
 * carry (the harness of engines.test.ts): signed in once online, the network
 * cut (the relay, as every engine can), Log Out asks first; signing in again
 * offline opens the device's records, an edit made then is kept, and once the
 * network is back the session is confirmed and the edit reaches the server once.
 */

import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import {
  pathOf,
  serviceWorkerInControl,
  settled,
  signIn,
  waitForPath,
  waitForText,
  waitUntilShown,
} from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { ADMIN, apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  async function babbage() {
    const api = await apiSession(server.url)
    return (await api.get<ListResponse<Contact>>('contacts?where[lastName][equals]=Babbage')).docs
  }

  it('logs out offline (asked first), signs in offline, edits, and the edit reaches the server once', async () => {
    const api = await apiSession(server.url)
    await api.post('contacts', { firstName: 'Charles', lastName: 'Babbage', title: 'Engineer' })
    await signIn(page, network.url)
    await settled(page)
    await serviceWorkerInControl(page)

    network.cut()
    // A full load with the network cut: the first sync run finds no server, and the app knows it is offline.
    await page.goto(`${network.url}/contacts/list`)
    await waitUntilShown(page, { role: 'link', name: 'Edit Charles Babbage' })
    await waitForText(page, 'Offline')
    await page.click({ role: 'link', name: 'Log Out' })
    await waitForText(page, 'Log out while offline?')
    await waitForText(page, 'You can sign in again on this device without a network, with the same password')
    await page.click({ role: 'button', name: 'Log out' })
    await waitForPath(page, (path) => path === '/login', 'the login screen')

    await page.goto(`${network.url}/contacts/list`) // served by the service worker; the guard sends it to /login
    await waitForPath(page, (path) => path === '/login', 'the login screen, remembering the list')
    await page.fill('Email', ADMIN.email.toUpperCase())
    await page.fill('Password', ADMIN.password)
    await page.click({ role: 'button', name: "Let's go" })
    await waitForPath(page, (path) => path === '/contacts/list', 'the list after signing in offline')
    await page.click({ role: 'link', name: 'Edit Charles Babbage' })
    await waitForPath(page, (path) => path.startsWith('/contacts/edit/'), 'the edit screen')
    await page.fill('Title', 'Analytical Engine designer')
    await page.click({ role: 'button', name: 'Update Contact' })
    await waitForText(page, 'This contact has been updated successfully.')
    await page.screenshot(`${shots}/engines-offline-sign-in-${engine}.png`)
    expect((await babbage())[0]?.title).toBe('Engineer')

    network.restore()
    const [doc] = await until(
      babbage,
      (docs) => docs[0]?.title === 'Analytical Engine designer',
      'the offline edit to reach the server',
      120_000,
    )
    // Created, then edited once.
    expect(doc?.version).toBe(2)
    expect(await babbage()).toHaveLength(1)
    expect(await page.evaluate(() => localStorage.getItem('unprovenSession'), null)).toBeNull()
    expect(await pathOf(page)).toMatch(/^\/contacts\/edit\//)
  })
})
