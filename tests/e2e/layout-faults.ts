/**
 * What keeps a screen from fitting its window, measured in the page the same
 * way in every engine (each driver sends `layoutFaults` there as source text,
 * so it is self-contained): the page scrolling sideways, a table wider than
 * its box, a row action outside the window or its table's box, a cut value
 * whose whole text neither hover (its title) nor focus shows, a placeholder
 * under 4.5:1, and, under a finger, a control smaller than 44×44 px. Each fault is a sentence naming
 * what is wrong; none means the screen fits.
 */

export interface LayoutCheck {
  /** Under a finger: every control at least 44×44 px. */
  touch: boolean
  /**
   * Focus each cut value and see it whole. Only where the window has the system's focus: without it
   * `:focus` never matches (WebKitGTK's window under WebDriver), and the check would fail for that alone.
   */
  focus: boolean
}

/** Runs in the page: keep it self-contained (it is sent as source text). */
export function layoutFaults({ touch, focus }: LayoutCheck): string[] {
  const faults: string[] = []
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  const nameOf = (element: Element) =>
    (squash(element.getAttribute('aria-label')) || squash(element.textContent)).slice(0, 50) ||
    element.tagName.toLowerCase()
  const shown = (element: Element) =>
    element.getClientRects().length > 0 &&
    !element.closest('[hidden], [inert], [aria-hidden="true"], .sr-only') &&
    getComputedStyle(element).visibility !== 'hidden'
  const px = (value: number) => Math.round(value)

  const windowWidth = document.documentElement.clientWidth
  const pageWidth = document.documentElement.scrollWidth
  if (pageWidth > windowWidth) faults.push(`the page is ${pageWidth} px wide in a ${windowWidth} px window`)

  for (const table of Array.from(document.querySelectorAll('table'))) {
    if (!shown(table)) continue
    const box = table.parentElement as HTMLElement
    const caption = squash(table.caption?.textContent) || 'a table'
    if (box.scrollWidth > box.clientWidth)
      faults.push(`"${caption}" is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`)
    const edges = box.getBoundingClientRect()
    const left = Math.max(0, edges.left)
    const right = Math.min(windowWidth, edges.right)
    for (const action of Array.from(
      table.querySelectorAll('tbody a[aria-label], tbody button[aria-label]'),
    )) {
      if (!shown(action)) continue
      const place = action.getBoundingClientRect()
      if (place.left < left - 0.5 || place.right > right + 0.5)
        faults.push(
          `"${nameOf(action)}" spans ${px(place.left)}–${px(place.right)} px, outside ${px(left)}–${px(right)} px`,
        )
    }
  }

  // A value cut short (an ellipsis, or lines clamped) shows its whole text on hover (its title) and when
  // focused (by Tab, or a tap, which has no hover), so it must be focusable, or inside what is.
  const clipped = (element: HTMLElement) =>
    element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, aside *'))) {
    const style = getComputedStyle(element)
    const cuts = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'
    if (!cuts || style.overflow === 'visible' || !shown(element) || !clipped(element)) continue
    const whole = squash(element.textContent)
    // The title holds the value whole: as shown, or the full text it was shortened from (a link shows its
    // address without 'https://www.').
    const holds = (title: string) => title !== '' && title.includes(whole)
    if (!holds(squash(element.title)) && !holds(squash(element.closest('[title]')?.getAttribute('title'))))
      faults.push(`"${whole.slice(0, 50)}" is cut, and its title does not hold the whole value`)
    const focusable = element.closest<HTMLElement>('a[href], button, [tabindex]')
    if (!focusable || focusable.tabIndex < 0) {
      faults.push(`"${whole.slice(0, 50)}" is cut, and cannot be focused to show it whole`)
      continue
    }
    if (!focus) continue
    if (!document.hasFocus()) {
      faults.push('the window does not have the focus, so focusing a cut value shows nothing')
      continue
    }
    const before = document.activeElement as HTMLElement | null
    focusable.focus()
    if (clipped(element)) faults.push(`"${whole.slice(0, 50)}" is still cut when focused`)
    focusable.blur()
    before?.focus?.()
  }

  // A placeholder is often a field's only visible hint: as readable as text, 4.5:1 against its field
  // (WCAG's formula; colours read by painting them, so any CSS colour counts as drawn).
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 1
  const paint = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
  const luminance = (color: string) => {
    paint.fillStyle = '#fff'
    paint.fillRect(0, 0, 1, 1)
    paint.fillStyle = color
    paint.fillRect(0, 0, 1, 1)
    const [r = 0, g = 0, b = 0] = Array.from(paint.getImageData(0, 0, 1, 1).data.slice(0, 3)).map((value) => {
      const channel = value / 255
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  for (const field of Array.from(
    document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'),
  )) {
    if (!shown(field) || !field.placeholder) continue
    const text = luminance(getComputedStyle(field, '::placeholder').color)
    const ground = luminance(getComputedStyle(field).backgroundColor)
    const ratio = (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05)
    if (ratio < 4.5)
      faults.push(`the placeholder "${field.placeholder}" is ${ratio.toFixed(2)}:1 on its field`)
  }

  if (touch) {
    const controls = 'a[href], button, select, input:not([type=hidden]), textarea, [role="button"]'
    for (const control of Array.from(document.querySelectorAll(controls))) {
      if (!shown(control)) continue
      const { width, height } = control.getBoundingClientRect()
      if (width < 44 || height < 44) faults.push(`"${nameOf(control)}" is ${px(width)}×${px(height)} px`)
    }
  }
  return faults
}
