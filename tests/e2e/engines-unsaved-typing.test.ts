/**
 * Nothing typed is lost, in Safari's engine and Firefox's (docs/decisions/009-drafts-and-leaving-a-form.md;
 * Chromium: unsaved-typing.test.ts): leaving a form with typing asks first, and a reload (the tab's own
 * question accepted) brings the typing back from the device, to be discarded if wanted.
 */
import { describe, expect, it } from 'vitest'
import { openInApp, pathOf, signIn, waitForPath, waitForText, waitUntilShown } from './engine-flows'
import type { EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'

const shots = 'tests/e2e/screenshots'
/** The back link as this harness names it: its text, the (hidden) arrow included. */
const BACK = '←Back to the list'

/** The value of the field with this label, as the page has it. */
const fieldValue = (page: EnginePage, label: string) =>
  page.evaluate(
    (name) =>
      (
        [...document.querySelectorAll('label')].find((each) => each.textContent === name)?.control as
          | HTMLInputElement
          | undefined
      )?.value ?? null,
    label,
  )

describe.each(['webkit', 'gecko'] as const)('%s', (engine) => {
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ network, page } = opened)
  })

  it('asks before leaving a form with typing, and a reload brings the typing back', async () => {
    await signIn(page, network.url)
    await openInApp(page, '/contacts/add')
    await waitUntilShown(page, { role: 'button', name: 'Save Contact' })
    await page.fill('First Name', 'Grace')

    await page.click({ role: 'link', name: BACK })
    await waitForText(page, 'Leave without saving?')
    await page.screenshot(`${shots}/leave-question-${engine}.png`)
    await page.click({ role: 'button', name: 'Keep editing' })
    await waitForPath(page, (path) => path === '/contacts/add', 'the form, kept')
    expect(await fieldValue(page, 'First Name')).toBe('Grace')

    await page.reload()
    await waitForText(page, 'are back.')
    expect(await pathOf(page)).toBe('/contacts/add')
    expect(await fieldValue(page, 'First Name')).toBe('Grace')
    await page.screenshot(`${shots}/draft-back-${engine}.png`)

    await page.click({ role: 'button', name: 'Discard my changes' })
    await waitUntilShown(page, { role: 'button', name: 'Save Contact' })
    expect(await fieldValue(page, 'First Name')).toBe('')
    // Nothing typed now: leaving does not ask.
    await page.click({ role: 'link', name: BACK })
    await waitForPath(page, (path) => path === '/contacts/list', 'the list')
  }, 180_000)
})
