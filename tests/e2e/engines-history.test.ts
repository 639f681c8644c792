/**
 * A record's history in Safari's engine and Firefox's (Chromium: history.test.ts): the edit screen
 * says who changed which field from what to what, and a change saved here shows at once as not sent
 * yet, then as the server's once it is sent.
 */
import { describe, it } from 'vitest'
import { openInApp, signIn, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'

const shots = 'tests/e2e/screenshots'

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it("shows a record's history, and a change saved here", async () => {
    const api = await apiSession(server.url)
    const { doc } = await api.post<{ doc: { id: string } }>('companies', {
      companyName: `Harbour Lights ${engine}`,
    })
    await api.patch(`companies/${doc.id}`, { address: 'Pier 4, Old Harbour Road' })
    await signIn(page, network.url)
    await openInApp(page, `/companies/edit/${doc.id}`)
    await waitForText(page, 'Admin changed Company Address')
    await waitForText(page, 'Company Address: (empty) → “Pier 4, Old Harbour Road”')
    await waitForText(page, 'Admin added it')

    await page.fill('Website', 'https://harbour-lights.example.com')
    await page.click({ role: 'button', name: 'Update Company' })
    await waitForText(page, 'Admin changed Website')
    await waitUntilShown(page, { role: 'button', name: 'Update Company' })
    await page.screenshot(`${shots}/history-${engine}.png`)
  }, 180_000)
})
