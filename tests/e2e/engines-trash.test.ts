/**
 * The Trash in Safari's engine and Firefox's (Chromium: trash.test.ts): an Admin deletes a
 * contact from the list, finds it in the Trash, restores it, and it is back in the list and on
 * the server.
 */
import { describe, expect, it } from 'vitest'
import { openInApp, signIn, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

interface TrashPage {
  docs: { doc: { id: string } }[]
}

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('deletes a contact, finds it in the Trash, and restores it', async () => {
    const api = await apiSession(server.url)
    const name = `Bartholomew-Ignatius Featherstonehaugh-${engine}`
    const { doc } = await api.post<{ doc: { id: string } }>('contacts', {
      firstName: 'Bartholomew-Ignatius',
      lastName: `Featherstonehaugh-${engine}`,
    })
    await signIn(page, network.url)
    await openInApp(page, '/contacts/list')
    await waitUntilShown(page, { role: 'button', name: `Delete ${name}` })
    await page.click({ role: 'button', name: `Delete ${name}` })
    await page.click({ role: 'button', name: 'Yes, delete!' })
    await waitForText(page, 'Deleted!')
    // The delete waits on the device for its undo, then leaves.
    await until(
      () => api.get<TrashPage>('contacts/trash'),
      (trash) => trash.docs.some((entry) => entry.doc.id === doc.id),
      'the delete to reach the server',
      40_000,
    )

    await page.click({ role: 'link', name: 'Trash' })
    await waitUntilShown(page, { role: 'button', name: `Restore ${name}` })
    await waitForText(page, 'by Admin')
    await page.screenshot(`${shots}/trash-${engine}.png`)
    await page.click({ role: 'button', name: `Restore ${name}` })
    await waitForText(page, `${name} is back.`)
    expect((await api.get<{ id: string }>(`contacts/${doc.id}`)).id).toBe(doc.id)

    await page.click({ role: 'link', name: '←Back to the list' })
    await waitUntilShown(page, { role: 'button', name: `Delete ${name}` })
  }, 180_000)
})
