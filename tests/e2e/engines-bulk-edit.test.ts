/**
 * One field set for a list's selection, offline, in every engine: the rows a search shows are selected
 * by the page's box, 'Edit selected' sets their title, 'Undo' puts it back; set again, the edits wait on
 * the device, and once the network is back the server holds the title on each of them, and only them.
 */
import { describe, expect, it } from 'vitest'
import { animationsEnded, waitForText } from './engine-flows'
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

  it('sets one title for the rows a search shows, offline, undoes it, and back online the server holds it on each', async () => {
    const family = `Bulkedit-${engine}`
    const { api, ids, kept } = await searchedSelection({ page, server, network }, family)
    await page.click({ role: 'button', name: 'Edit selected' })
    await waitForText(page, 'Edit 3 contacts')
    await page.fill('Title', 'Field Engineer')
    await page.screenshot(`${shots}/bulk-edit-${engine}.png`)
    await page.click({ role: 'button', name: 'Set for 3 contacts' })
    await waitForText(page, '3 contacts have been updated successfully.')
    await animationsEnded(page)
    await page.click({ role: 'button', name: 'Undo' })
    await waitForText(page, '3 contacts are as before.')

    await page.click({ role: 'button', name: 'Edit selected' })
    await page.fill('Title', 'Site Lead')
    await page.click({ role: 'button', name: 'Set for 3 contacts' })
    await waitForText(page, '3 contacts have been updated successfully.')
    await waitForText(page, 'Site Lead')

    network.restore()
    const titleOf = async (id: string) => (await api.get<{ title: string }>(`contacts/${id}`)).title
    await until(
      () => Promise.all(ids.map(titleOf)),
      (titles) => titles.every((title) => title === 'Site Lead'),
      'the three edits to reach the server',
      60_000,
    )
    expect(await titleOf(kept)).toBe('')
  }, 240_000)
})
