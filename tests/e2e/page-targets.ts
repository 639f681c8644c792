/**
 * What a flow points at, found by the same code in every engine: it runs in
 * the page (each driver sends it there), so "the button named Save Contact"
 * means one thing in Chromium, WebKit and Gecko alike. Only what a user can
 * see counts: an element hidden, in a hidden or inert subtree, or without a box
 * is not found.
 */

export type Target =
  /** A button or link by its accessible name (aria-label, else its text), exactly. */
  | { role: 'button' | 'link'; name: string }
  /** A form control by its label's text, exactly. */
  | { label: string }

/** Runs in the page: keep it self-contained (it is sent as source text). */
export function findTarget(target: Target): Element | null {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  const shown = (element: Element) =>
    element.getClientRects().length > 0 && !element.closest('[hidden], [inert], [aria-hidden="true"]')
  if ('label' in target) {
    for (const label of Array.from(document.querySelectorAll('label'))) {
      const control = label.control
      if (control && squash(label.textContent) === target.label && shown(control)) return control
    }
    for (const control of Array.from(document.querySelectorAll('[aria-label]'))) {
      if (squash(control.getAttribute('aria-label')) === target.label && shown(control)) return control
    }
    return null
  }
  const selector =
    target.role === 'button' ? 'button, [role="button"], input[type="submit"]' : 'a[href], [role="link"]'
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const name = squash(element.getAttribute('aria-label')) || squash(element.textContent)
    if (name === target.name && shown(element)) return element
  }
  return null
}

export const describeTarget = (target: Target) =>
  'label' in target ? `the field labelled "${target.label}"` : `the ${target.role} "${target.name}"`
