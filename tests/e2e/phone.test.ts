/**
 * The app on a phone held by a finger (390×844): every control in the top bar
 * and the form's way back is at least 44×44 px, and the search fields'
 * placeholders (their only visible label) are readable, at least 4.5:1
 * against their field.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumRig } from './chromium-rig'
import type { RunningServer } from './server-process'
import { signInThroughUi } from './signed-in'

let server: RunningServer
let page: Page
const shots = 'tests/e2e/screenshots'

// Signed in by the login screen alone: the service worker is not waited for.
chromiumRig(
  async (opened) => {
    ;({ server, page } = opened)
    await signInThroughUi(page, server.url)
  },
  { viewport: { width: 390, height: 844 }, touch: true },
)

/** The visible controls inside `scope` smaller than 44 px either way, by their names. */
function smallTargets(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)
    if (!root) return [`${selector} is missing`]
    return [...root.querySelectorAll<HTMLElement>('a[href], button, select, input:not([type=hidden])')]
      .filter((element) => element.offsetParent !== null && !element.classList.contains('sr-only'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()}: ${box.width}×${box.height} px`,
      )
  }, scope)
}

/**
 * The contrast of each input's placeholder against its field's background, by WCAG's formula. The
 * colours are read by painting them on a canvas, so any CSS colour (oklch included) is measured as drawn.
 */
function placeholderContrasts(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
    const rgb = (color: string) => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = '#fff'
      context.fillRect(0, 0, 1, 1)
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    }
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = rgb(color).map((value) => {
        const c = value / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.offsetParent !== null)
      .map((input) => {
        const text = luminance(getComputedStyle(input, '::placeholder').color)
        const field = luminance(getComputedStyle(input).backgroundColor)
        const ratio = (Math.max(text, field) + 0.05) / (Math.min(text, field) + 0.05)
        return { placeholder: input.placeholder, ratio: Math.round(ratio * 100) / 100 }
      })
  })
}

describe('the app on a phone', () => {
  it('keeps every top-bar control and the way back from a form at least 44×44 px', async () => {
    await page.goto(`${server.url}/contacts/list`)
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    expect(await smallTargets(page, 'header')).toEqual([])
    await page.screenshot({ path: `${shots}/phone-contacts-390.png` })

    await page.getByRole('link', { name: 'Add Contact' }).first().tap()
    const back = page.getByRole('link', { name: 'Back to the list' })
    await back.waitFor()
    const box = await back.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await page.screenshot({ path: `${shots}/phone-add-contact-390.png` })
  }, 120_000)

  it('draws the search fields’ placeholders at 4.5:1 or more against their field', async () => {
    await page.goto(`${server.url}/contacts/list`)
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    const contrasts = await placeholderContrasts(page)
    expect(contrasts.map((entry) => entry.placeholder)).toEqual(expect.arrayContaining(['Search records']))
    for (const entry of contrasts) expect(entry.ratio, entry.placeholder).toBeGreaterThanOrEqual(4.5)
  }, 60_000)
})
