/**
 * A list's selection deleted at once, offline, in every engine: the rows a search shows are selected
 * by the page's box, deleted after the question, then 'Undo' puts them back; deleted again, they wait
 * on the device, and once the network is back the server drops each of them, and only them.
 */
import { describe, expect, it } from 'vitest'
import { animationsEnded, waitForText, waitUntilShown } from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { searchedSelection } from './searched-selection'
import type { RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('selects the rows a search shows, deletes them offline, undoes it, and back online the server drops each once', async () => {
    const family = `Bulkington-${engine}`
    const { api, ids, kept } = await searchedSelection({ page, server, network }, family)
    await page.screenshot(`${shots}/bulk-delete-${engine}.png`)
    await page.click({ role: 'button', name: 'Delete selected' })
    await waitForText(page, 'Delete 3 contacts?')
    await page.click({ role: 'button', name: 'Yes, delete!' })
    await waitForText(page, '3 contacts have been deleted.')
    await animationsEnded(page)
    await page.click({ role: 'button', name: 'Undo' })
    await waitForText(page, '3 contacts are back.')
    await waitUntilShown(page, { label: `Select Anna ${family}` })

    await page.click({ label: 'Select this page' })
    await page.click({ role: 'button', name: 'Delete selected' })
    await page.click({ role: 'button', name: 'Yes, delete!' })
    await waitForText(page, '3 contacts have been deleted.')
    await waitForText(page, 'No contacts match')

    network.restore()
    const gone = async (id: string) =>
      api.get(`contacts/${id}`).then(
        () => false,
        () => true,
      )
    await until(
      () => Promise.all(ids.map(gone)),
      (each) => each.every(Boolean),
      'the three deletes to reach the server',
      60_000,
    )
    expect(await gone(kept)).toBe(false)
  }, 240_000)
})
