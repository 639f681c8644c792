/**
 * A change the server refuses, in every engine: a contact given a company offline while a colleague
 * deleted that company. Back online the server refuses the change (the company is no longer there);
 * the edit screen says so and offers 'Discard my change', whose code loads with its first use
 * (src/sync/resolve.ts). Discarding shows the server's version again, sends nothing more, and leaves
 * the contact on the server as it was. On a laptop and on a phone: the notice and its actions fit the
 * window (layout-faults.ts), and axe finds no serious fault on the screen.
 */
import { describe, expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import { seriousViolationsIn } from './axe-in-engine'
import {
  serviceWorkerInControl,
  settled,
  shownText,
  signIn,
  waitForText,
  waitUntilShown,
} from './engine-flows'
import type { EnginePage } from './engine-page'
import { ENGINES } from './engine-page'
import { engineRig } from './engine-rig'
import { layoutFaults } from './layout-faults'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'
import { storeCountIn } from './store-count'

const shots = 'tests/e2e/screenshots'

/** The value of the field with this label, as the page has it. */
const fieldValue = (page: EnginePage, label: string) =>
  page.evaluate(
    (name) =>
      (
        [...document.querySelectorAll('label')].find((each) => each.textContent?.trim() === name)?.control as
          | HTMLInputElement
          | undefined
      )?.value ?? null,
    label,
  )

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

describe.each(ENGINES.flatMap((engine) => SIZES.map((size) => ({ engine, ...size }))))(
  '$engine at $width×$height',
  ({ engine, width, height }) => {
    let server: RunningServer
    let network: NetworkSwitch
    let page: EnginePage
    engineRig(
      engine,
      (opened) => {
        ;({ server, network, page } = opened)
      },
      { size: { width, height } },
    )

    it('discards a change the server refused and shows the server’s version again', async () => {
      const api = await apiSession(server.url)
      const companyName = `Gulf Coast Distribution Centres and Cold Storage ${engine} ${width}`
      const { doc: company } = await api.post<{ doc: { id: string } }>('companies', { companyName })
      const { doc } = await api.post<{ doc: Contact }>('contacts', {
        firstName: 'Oluwaseun',
        lastName: `Adeyemi-Whitfield ${engine}`,
        title: 'Planner',
      })
      await signIn(page, network.url)
      await settled(page)
      // WebKit's phone is a frame inside its window (engine-webkit.ts), which its service worker does not
      // control; nothing here loads while offline (the screen's code is in by then), so it needs none.
      if (!(engine === 'webkit' && width < 447)) await serviceWorkerInControl(page)
      await page.goto(`${network.url}/contacts/edit/${doc.id}`)
      await waitUntilShown(page, { label: 'Company' })

      network.cut()
      await page.fill('Company', companyName.slice(0, 20))
      await waitForText(page, companyName)
      await page.press('ArrowDown')
      await page.press('Enter')
      await until(
        () => fieldValue(page, 'Company'),
        (value) => value === companyName,
        'the company chosen',
      )
      await page.click({ role: 'button', name: 'Update Contact' })
      await waitForText(page, 'This contact has been updated successfully.')
      // Meanwhile a colleague deletes the company: the queued change now points at nothing.
      await api.remove(`companies/${company.id}`)
      network.restore()

      await waitForText(page, 'The server did not accept this change. It is kept on this device.', 60_000)
      await page.screenshot(`${shots}/refused-change-${engine}-${width}.png`)
      expect(await page.evaluate(layoutFaults, { touch: false, focus: false })).toEqual([])
      expect(await seriousViolationsIn(page)).toEqual([])
      // On a phone the form is still scrolled to the company, marked as refused; the notice is at the
      // top, where a user scrolls back to (WebKit's driver would click it under the sticky top bar).
      await page.evaluate(() => window.scrollTo(0, 0), null)
      await page.click({ role: 'button', name: 'Discard my change' })
      await waitForText(page, 'Discard your change?')
      await page.click({ role: 'button', name: 'Discard' })
      await until(
        () => fieldValue(page, 'Company'),
        (value) => value === '',
        'the form to show the server’s version, without the company',
      )
      await until(
        () => page.evaluate(storeCountIn, 'outbox'),
        (left) => left === 0,
        'nothing left to send',
      )
      expect(await shownText(page)).not.toContain('The server did not accept this change.')
      expect(await api.get<Contact>(`contacts/${doc.id}`)).toMatchObject({ company: null, version: 1 })
    }, 180_000)
  },
)
