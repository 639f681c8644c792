/**
 * Opening the contacts list does not move what is already on screen when its
 * rows arrive (a layout shift, which Lighthouse counts against the page): at
 * a desktop, a tablet and a phone width, the list is opened once, then
 * opened again with Chromium's layout-shift entries recorded until the rows
 * are shown and the first sync has run. The CPU is slowed four times, as
 * Lighthouse's mobile preset does, so the rows land frames after the shell.
 * The tablet and the phone are used by touch, as Lighthouse's mobile preset
 * emulates: a finger's taller targets make taller rows.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { signInThroughUi } from './signed-in'

let rig: ChromiumRig

interface Shift {
  value: number
  moved: string[]
}

// One server on the sample records; each window size gets a Chromium of its own (openBrowser).
chromiumRig(
  (opened) => {
    rig = opened
  },
  { serverEnv: { SEED_SAMPLE: '1' } },
)

/** Records every layout shift not caused by input, from the start of each page, in `window.shifts`. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    ;(window as unknown as { shifts: Shift[] }).shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue
        const moved = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${node.className}`
            : String(node?.nodeName),
        )
        shifts.push({ value: entry.value, moved })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

describe('the contacts list as it opens', () => {
  // A desktop with a mouse; a tablet and a phone under a finger, whose taller targets make taller rows.
  for (const [viewport, touch] of [
    [{ width: 1280, height: 800 }, false],
    [{ width: 768, height: 1024 }, true],
    [{ width: 412, height: 823 }, true],
  ] as const) {
    it(`does not shift its layout when the rows arrive, at ${viewport.width}×${viewport.height}${touch ? ' by touch' : ''}`, async () => {
      const { browser, page } = await rig.openBrowser({ viewport, touch })
      const said: string[] = []
      page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`))
      page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`))
      try {
        await recordShifts(page)
        await signInThroughUi(page, rig.server.url)
        // When the rows never come, what the page showed and said instead (once seen in CI, under load).
        const rowsShown = () =>
          page
            .locator('tbody tr')
            .nth(9)
            .waitFor()
            .catch(async (error: Error) => {
              const shown = await page
                .evaluate(() => (document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 800))
                .catch((cause: Error) => `(no text: ${cause.message})`)
              throw new Error(
                `${error.message}\nat ${page.url()}, showing: ${shown}\nsaid: ${said.join(' | ')}`,
              )
            })
        await page.goto(`${rig.server.url}/contacts/list`)
        await rowsShown()
        // Long enough for the list's height at this width to be noted (the next frame).
        await page.waitForTimeout(500)

        const cdp = await browser.context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.reload()
        await rowsShown()
        // The first sync of the visit starts after the first paint; its states show in the top bar.
        await page.getByText('Online').waitFor()
        await page.waitForTimeout(1000)
        const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts)
        expect(shifts).toEqual([])
      } finally {
        await browser.close()
      }
    })
  }
})
