/**
 * A conflict in WebKit (Safari's engine) and Gecko (Firefox's), as conflict.test.ts has it in Chromium:
 * a contact edited offline while a colleague changed the same fields on the server. Back online, the
 * edit screen shows the per-field choice, whose code loads with its first use (src/sync/resolve.ts);
 * keeping one's own title and taking the colleague's phone lands exactly that on the server, and the
 * form shows it.
 */
import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import { serviceWorkerInControl, settled, signIn, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('lets the user choose per field, and the server gets exactly the choice', async () => {
    const api = await apiSession(server.url)
    const { doc } = await api.post<{ doc: Contact }>('contacts', {
      firstName: 'Oluwaseun',
      lastName: `Adeyemi-Whitfield ${engine}`,
      title: 'Planner',
      phone: '+1 713 555 0187',
    })
    await signIn(page, network.url)
    await settled(page)
    await serviceWorkerInControl(page)
    await page.goto(`${network.url}/contacts/edit/${doc.id}`)
    await waitUntilShown(page, { label: 'Title' })

    network.cut()
    await page.fill('Title', 'Lead Planner for the Gulf Coast Distribution Centres')
    await page.fill('Phone', '+1 555 0000')
    await page.click({ role: 'button', name: 'Update Contact' })
    // Stored, and queued on version 1, before the colleague's change and the network come back.
    await waitForText(page, 'This contact has been updated successfully.')
    await api.patch(`contacts/${doc.id}`, { title: 'Chief Planner', phone: '+1 713 555 9999' })
    network.restore()

    await waitForText(page, 'This record was changed by someone else.', 60_000)
    await page.click({ label: 'Take theirs for Phone: +1 713 555 9999' })
    await page.screenshot(`${shots}/conflict-${engine}.png`)
    await page.click({ role: 'button', name: 'Apply choices' })
    const final = await until(
      () => api.get<Contact>(`contacts/${doc.id}`),
      (contact) => contact.title === 'Lead Planner for the Gulf Coast Distribution Centres',
      'the resolved change to reach the server',
      60_000,
    )
    expect(final).toMatchObject({ phone: '+1 713 555 9999', version: 3 })
    await until(
      () =>
        page.evaluate(() => {
          const label = Array.from(document.querySelectorAll('label')).find(
            (each) => each.textContent?.trim() === 'Phone',
          )
          return (label?.control as HTMLInputElement | null | undefined)?.value
        }, null),
      (phone) => phone === '+1 713 555 9999',
      'the form to show the phone taken from the server',
    )
  }, 180_000)
})
