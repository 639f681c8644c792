/**
 * The flows staff rely on, in each browser engine they carry: Chromium,
 * WebKit (Safari's engine: iPads) and Gecko (Firefox laptops). Each engine
 * gets its own server and a fresh profile, and reaches the server through a
 * network the test can cut (network-switch.ts), the same way in every engine.
 *
 * engine-races.test.ts repeats the riskiest moment (a deep link and a save
 * right after a first sign-in) on new servers (docs/testing.md, "WebKit").
 */

import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import type { ListResponse } from '../../src/domain/rest'
import {
  pathOf,
  serviceWorkerInControl,
  settled,
  shownText,
  signIn,
  waitForPath,
  waitForText,
  waitUntilShown,
} from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  let adaId = ''
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  async function serverContacts() {
    const api = await apiSession(server.url)
    return (await api.get<ListResponse<Contact>>('contacts?limit=100')).docs
  }

  it('signs in, and a deep link opened by full navigation lands on its page', async () => {
    await signIn(page, network.url)
    await waitForPath(page, (path) => path === '/admin/overview', 'the overview after signing in')
    await settled(page)
    await page.goto(`${network.url}/contacts/list`)
    await waitUntilShown(page, { role: 'link', name: 'Add Contact' })
    expect(await pathOf(page)).toBe('/contacts/list')
  })

  it('adds a contact after a full page load, edits it, and the server holds both', async () => {
    await page.goto(`${network.url}/contacts/add`)
    await page.fill('First Name', 'Ada')
    await page.fill('Last Name', 'Lovelace')
    await page.fill('Email', 'ada@example.com')
    await page.click({ role: 'button', name: 'Save Contact' })
    adaId = (await waitForPath(page, (path) => path.startsWith('/contacts/edit/'), 'the edit screen'))
      .split('/')
      .pop() as string
    await until(serverContacts, (docs) => docs.length === 1, 'the contact to reach the server')

    await page.fill('Title', 'Countess')
    await page.click({ role: 'button', name: 'Update Contact' })
    await waitForText(page, 'This contact has been updated successfully.')
    const [ada] = await until(
      serverContacts,
      (docs) => docs[0]?.title === 'Countess',
      'the edit to reach the server',
    )
    expect(ada).toMatchObject({ id: adaId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
  })

  it('adds, edits and deletes offline, reloads offline, and back online the server holds each change once', async () => {
    const api = await apiSession(server.url)
    // Made on "another device", so this one has it only from its own sync.
    await api.post('contacts', { firstName: 'Charles', lastName: 'Babbage' })
    await page.goto(`${network.url}/contacts/list`)
    await waitUntilShown(page, { role: 'button', name: 'Delete Charles Babbage' }, 60_000)
    await settled(page)
    await serviceWorkerInControl(page)
    const adaVersion = (await serverContacts()).find((doc) => doc.id === adaId)?.version ?? Number.NaN

    network.cut()
    await page.goto(`${network.url}/contacts/add`) // served by the service worker
    await page.fill('First Name', 'Grace')
    await page.fill('Last Name', 'Hopper')
    await page.click({ role: 'button', name: 'Save Contact' })
    await waitForPath(page, (path) => path.startsWith('/contacts/edit/'), 'the new contact saved offline')

    await page.goto(`${network.url}/contacts/edit/${adaId}`)
    await page.fill('Title', 'Analyst')
    await page.click({ role: 'button', name: 'Update Contact' })
    await waitForText(page, 'This contact has been updated successfully.')

    await page.goto(`${network.url}/contacts/list`)
    await page.click({ role: 'button', name: 'Delete Charles Babbage' })
    await page.click({ role: 'button', name: 'Yes, delete!' })
    await until(
      () => page.shows({ role: 'button', name: 'Delete Charles Babbage' }),
      (shown) => !shown,
      'the deleted contact to leave the list',
    )

    await page.reload()
    await waitUntilShown(page, { role: 'button', name: 'Delete Grace Hopper' })
    await waitUntilShown(page, { role: 'button', name: 'Delete Ada Lovelace' })
    await waitForText(page, 'Not synced')
    expect(await page.shows({ role: 'button', name: 'Delete Charles Babbage' })).toBe(false)
    const reached = await page.evaluate(
      () =>
        fetch('/api/users/me').then(
          () => true,
          () => false,
        ),
      null,
    )
    expect(reached).toBe(false)
    await page.screenshot(`${shots}/engines-offline-${engine}.png`)
    // Nothing of it reached the server while the network was cut.
    expect((await serverContacts()).map((doc) => doc.lastName).sort()).toEqual(['Babbage', 'Lovelace'])

    network.restore()
    // Every change, not just two records: the ops of different records go out a few at a time, so the
    // update of Ada can land while Grace is not yet created and Charles not yet deleted.
    const names = (list: Contact[]) => list.map((doc) => `${doc.firstName} ${doc.lastName}`).sort()
    const docs = await until(
      serverContacts,
      (list) =>
        names(list).join() === 'Ada Lovelace,Grace Hopper' && list.some((doc) => doc.title === 'Analyst'),
      'the offline changes to reach the server',
      120_000,
    )
    expect(names(docs)).toEqual(['Ada Lovelace', 'Grace Hopper'])
    // Each change applied once: the edit made Ada's one new version, Grace was created and not rewritten.
    expect(docs.find((doc) => doc.id === adaId)).toMatchObject({
      title: 'Analyst',
      email: 'ada@example.com',
      version: adaVersion + 1,
    })
    expect(docs.find((doc) => doc.lastName === 'Hopper')?.version).toBe(1)
    await until(
      () => page.shows({ role: 'button', name: 'Delete Grace Hopper' }),
      Boolean,
      'the list after sync',
    )
    await until(
      async () => (await shownText(page)).includes('Not synced'),
      (left) => !left,
      'the "Not synced" badges to go',
      60_000,
    )
  })

  it("shows a conflict with a colleague's change and lands exactly the choices made", async () => {
    await page.goto(`${network.url}/contacts/edit/${adaId}`)
    await waitUntilShown(page, { role: 'button', name: 'Update Contact' })
    await settled(page)
    network.cut()
    await page.fill('Title', 'Lead Analyst')
    await page.fill('Phone', '+1 555 0000')
    await page.click({ role: 'button', name: 'Update Contact' })
    await waitForText(page, 'This contact has been updated successfully.')
    // Meanwhile a colleague changed the same two fields on the server.
    const api = await apiSession(server.url)
    await api.patch(`contacts/${adaId}`, { title: 'Chief Analyst', phone: '+1 713 555 9999' })
    network.restore()

    await waitForText(page, 'This record was changed by someone else.', 120_000)
    await page.screenshot(`${shots}/engines-conflict-${engine}.png`)
    // Keep my title, take their phone.
    await page.click({ label: 'Take theirs for Phone: +1 713 555 9999' })
    await page.click({ role: 'button', name: 'Apply choices' })
    const [ada] = await until(
      serverContacts,
      (docs) => docs.find((doc) => doc.id === adaId)?.title === 'Lead Analyst',
      'the resolved change to reach the server',
      60_000,
    ).then((docs) => docs.filter((doc) => doc.id === adaId))
    expect(ada).toMatchObject({ title: 'Lead Analyst', phone: '+1 713 555 9999' })
    await until(
      () =>
        page.evaluate(() => {
          const label = Array.from(document.querySelectorAll('label')).find(
            (each) => each.textContent?.trim() === 'Phone',
          )
          return (label?.control as HTMLInputElement | null | undefined)?.value
        }, null),
      (value) => value === '+1 713 555 9999',
      'the form to show the phone taken from the server',
    )
  })

  // Chromium's install dialog is proven in shell.test.ts. WebKitGTK and Firefox on a desktop have no
  // install dialog and cannot add to a home screen: the fallback is no 'Install app' that would do
  // nothing (Safari on an iPad gets its explanation instead: storage.test.ts, install-prompt.test.ts).
  it.runIf(engine !== 'chromium')(
    'offers no install action where the engine has no way to install',
    async () => {
      await page.goto(`${network.url}/admin/overview`)
      await waitUntilShown(page, { role: 'link', name: 'Contacts' })
      expect(await page.evaluate(() => 'onbeforeinstallprompt' in window, null)).toBe(false)
      expect(await page.shows({ role: 'button', name: 'Install app' })).toBe(false)
    },
  )

  // Chromium sends what a closed app left behind from its service worker (Background Sync), proven in
  // background-sync.test.ts. WebKit and Gecko have no Background Sync: there the fallback is that the
  // next time the app opens, it sends them.
  it.runIf(engine !== 'chromium')(
    'without Background Sync, a change left offline in a closed app goes out when the app opens again',
    async () => {
      expect(await page.evaluate(() => 'SyncManager' in window, null)).toBe(false)
      await page.goto(`${network.url}/contacts/edit/${adaId}`)
      await waitUntilShown(page, { role: 'button', name: 'Update Contact' })
      await settled(page)
      network.cut()
      await page.fill('Title', 'Closing Analyst')
      await page.click({ role: 'button', name: 'Update Contact' })
      await waitForText(page, 'This contact has been updated successfully.')
      await page.goto('about:blank')
      // The app is closed: no document of it is left in the tab (a 'Leave page?' refused would keep it).
      // Asked of the driver, not of a script in the blank page: WebKitWebDriver once answered a script
      // run there as the page changed with "Could not parse script result".
      expect(await page.url()).toBe('about:blank')
      network.restore()
      // With no page of the app open, nothing sends it.
      await new Promise((resolve) => setTimeout(resolve, 5_000))
      const title = async () => (await serverContacts()).find((doc) => doc.id === adaId)?.title
      expect(await title()).toBe('Lead Analyst')

      await page.goto(`${network.url}/contacts/list`)
      await until(
        title,
        (now) => now === 'Closing Analyst',
        'the change to go out once the app opens',
        60_000,
      )
    },
  )
})
