/**
 * A colleague's change reaches an open list in every engine without anyone
 * touching the page: the feed stream (GET /api/sync/stream) says the feed
 * moved, and the device pulls. Without the stream the next pull would be a
 * minute away (the scheduler's timer), so a change shown within 10 s came
 * through it.
 */
import { describe, expect, it } from 'vitest'
import { openInApp, signIn, waitForText } from './engine-flows'
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

  it("shows a colleague's change on the open list within seconds, untouched", async () => {
    const api = await apiSession(server.url)
    const { doc } = await api.post<{ doc: { id: string } }>('companies', {
      companyName: `Tidewater Logistics ${engine}`,
    })
    await signIn(page, network.url)
    await openInApp(page, '/companies')
    await waitForText(page, `Tidewater Logistics ${engine}`)
    for (const round of [1, 2]) {
      const renamed = `Tidewater Logistics and Cold Storage ${engine} ${round}`
      const saved = Date.now()
      await api.patch(`companies/${doc.id}`, { companyName: renamed })
      await waitForText(page, renamed, 10_000)
      expect(Date.now() - saved).toBeLessThan(10_000)
    }
    await page.screenshot(`${shots}/live-feed-${engine}.png`)
  }, 180_000)
})
