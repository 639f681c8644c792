/**
 * A record's history in real Chromium (features/records/record-history.tsx): the edit screen shows
 * who changed which field, from what to what; offline, an edit shows at once as not sent yet beside
 * the history as the device last read it, and once sent it joins the server's history.
 * Screenshots at a phone's, a tablet's and a laptop's size, with long values.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { animationsEnded } from './engine-flows'
import { apiSession, type RunningServer } from './server-process'

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { signedIn: true, network: true },
)

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]

it('shows who changed what, and an offline edit as not sent yet until it is', async () => {
  const api = await apiSession(server.url)
  const { doc } = await api.post<{ doc: { id: string } }>('contacts', {
    firstName: 'Maximiliana-Alexandrina',
    lastName: 'Vandenberghe-Oppenheimer',
    title: 'Planner',
  })
  await api.patch(`contacts/${doc.id}`, { title: 'Head of Offshore Decommissioning and Subsea Inspection' })

  await page.goto(`${appUrl}/contacts/edit/${doc.id}`)
  const card = page.getByRole('region', { name: 'History' })
  await card.getByText('Admin changed Title').waitFor()
  await card
    .getByText('Title: “Planner” → “Head of Offshore Decommissioning and Subsea Inspection”')
    .waitFor()
  await card.getByText('Admin added it').waitFor()

  await setOffline(true)
  await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  await card.getByText('You changed Phone on this device').waitFor()
  await card.getByText('Not sent yet').waitFor()
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await animationsEnded(page)
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `tests/e2e/screenshots/history-${size.width}.png`, fullPage: true })
    // Nothing scrolls sideways: not the long title, nor the top bar's offline chip on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }

  await setOffline(false)
  await card.getByText('Admin changed Phone').waitFor({ timeout: 60_000 })
  expect(await card.getByText('Not sent yet').count()).toBe(0)
}, 150_000)
