/**
 * 'Export CSV' in Safari's engine and Firefox's (Chromium, with the saved file read back:
 * list-export.test.ts): the file the list hands the browser holds every record the list counts, in
 * its order, and the notice says so. The file is read where the page makes it (the Blob handed to
 * `URL.createObjectURL`), as their drivers give no download to read.
 */
import { describe, expect, it } from 'vitest'
import { settled, signIn, waitForText } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('exports every record the list shows, offline', async () => {
    const api = await apiSession(server.url)
    for (let n = 0; n < 12; n++)
      await api.post('contacts', {
        firstName: `Zoë ${String(n).padStart(2, '0')}`,
        lastName: `Export ${engine}`,
      })
    await signIn(page, network.url)
    await settled(page)
    await page.goto(`${network.url}/contacts/list`)
    await waitForText(page, 'Showing 1 to 10 of 12 entries')
    await page.evaluate(() => {
      const made = URL.createObjectURL.bind(URL)
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        ;(window as unknown as { exported?: Blob }).exported = blob as Blob
        return made(blob)
      }
    }, null)
    network.cut()
    await page.click({ role: 'button', name: 'First Name' })
    await page.click({ role: 'button', name: 'First Name' })
    await page.click({ role: 'button', name: 'Export CSV' })
    await waitForText(page, 'Exported 12 contacts to contacts-')
    // Read as bytes: decoding as text would drop the byte-order mark the file must begin with.
    const bytes = await page.evaluate(
      async () =>
        Array.from(new Uint8Array(await (window as unknown as { exported: Blob }).exported.arrayBuffer())),
      null,
    )
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes))
    network.restore()
    expect(csv.startsWith('\ufeffID,First Name,Last Name')).toBe(true)
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(13)
    // Descending by first name, as the list was sorted.
    expect(lines[1]).toContain(',Zoë 11,')
    expect(lines[12]).toContain(',Zoë 00,')
    await page.screenshot(`tests/e2e/screenshots/list-export-${engine}.png`)
  }, 180_000)
})
