/**
 * A colleague's change reaches an open list in every engine without anyone
 * touching the page: the feed stream (GET /api/sync/stream) says the feed
 * moved, and the device pulls. Without the stream the next pull would be a
 * minute away (the scheduler's timer), so a change shown within 10 s came
 * through it. And presence: the edit screen names a colleague who has the
 * same record open, and tells the server it is open here.
 */
import { describe, expect, it } from 'vitest'
import { openStream } from '../server/realtime/stream-reader'
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

  it('names a colleague who has the same record open, and tells them it is open here', async () => {
    const api = await apiSession(server.url)
    const grace = { email: `grace-${engine}@outpost.test`, password: 'compiler-bug-1947' }
    await api.post('users', { ...grace, firstName: 'Grace', lastName: 'Hopper' })
    const { doc } = await api.post<{ doc: { id: string } }>('contacts', {
      firstName: 'Mary',
      lastName: 'Jackson',
    })
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(grace),
    })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
    // Grace's device: her stream hears who has what open; her screen says she has the contact open.
    const graceStream = await openStream(server.url, cookie)
    const said = await fetch(`${server.url}/api/sync/presence`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'grace-tab-1', record: `contacts:${doc.id}` }),
    })
    expect(said.status).toBe(204)
    try {
      await openInApp(page, `/contacts/edit/${doc.id}`)
      await waitForText(page, 'Grace Hopper is also viewing this contact.')
      await graceStream.hear('"name":"Admin')
      await page.screenshot(`${shots}/presence-${engine}.png`)
    } finally {
      graceStream.close()
    }
  }, 180_000)
})
