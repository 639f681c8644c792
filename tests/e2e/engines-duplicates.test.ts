/**
 * Duplicates and merging in every engine: adding a contact with the email of one already here shows
 * it before saving, and the save waits for 'Save anyway'; then the Admin merges the two from the new
 * one's screen, and the server holds one.
 */
import { describe, expect, it } from 'vitest'
import { openInApp, pathOf, signIn, waitForPath, waitForText, waitUntilShown } from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'

const shots = 'tests/e2e/screenshots'

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('shows a duplicate before saving, and an Admin merges the two', async () => {
    const api = await apiSession(server.url)
    const email = `maximiliana.vandenberghe-oppenheimer.${engine}@offshore-decommissioning.example.com`
    const { doc: first } = await api.post<{ doc: { id: string } }>('contacts', {
      firstName: 'Maximiliana',
      lastName: `Vandenberghe-Oppenheimer ${engine}`,
      email,
      title: 'Head of Subsea Inspection',
    })
    await signIn(page, network.url)
    // The device must hold the first contact: the list shows it once the sync has brought it.
    await openInApp(page, '/contacts/list')
    await waitUntilShown(page, {
      role: 'button',
      name: `Delete Maximiliana Vandenberghe-Oppenheimer ${engine}`,
    })
    await openInApp(page, '/contacts/add')
    await waitUntilShown(page, { role: 'button', name: 'Save Contact' })
    await page.fill('First Name', 'Max')
    await page.fill('Email', email.toUpperCase())
    await waitForText(page, 'This may be a contact you already have:')
    await page.click({ role: 'button', name: 'Save Contact' })
    await waitForText(page, 'Open it to use the one you have, or save anyway.')
    await page.screenshot(`${shots}/duplicate-${engine}.png`)
    expect(await pathOf(page)).toBe('/contacts/add')
    await page.click({ role: 'button', name: 'Save anyway' })
    await waitForPath(page, (path) => path.startsWith('/contacts/edit/'), 'the new contact')

    // The new one is like the first: the Admin merges the first into it.
    await waitForText(page, 'This may be the same contact as:')
    await page.click({
      role: 'link',
      name: `Merge Maximiliana Vandenberghe-Oppenheimer ${engine} into this contact`,
    })
    await waitUntilShown(page, { role: 'button', name: 'Merge' })
    await page.click({ role: 'button', name: 'Merge' })
    await waitForText(page, 'is merged into Max.')
    await expect(api.get(`contacts/${first.id}`)).rejects.toThrow(/410/)
  }, 180_000)
})
