/**
 * The list timer the benchmarks run inside a page, in any engine: does one act in the app's list (a
 * page button, words typed into the search box and Enter, or a column's header clicked) and answers the ms until the first row
 * reads differently (the new rows are in the DOM), and until the frame after that, which paints them.
 * Self-contained: it is sent to the page as source text.
 */

/** Milliseconds from the act to the new rows in the DOM, and to the frame that paints them. */
export interface Timing {
  dom: number
  frame: number
}

export type ListAct = 'next' | 'previous' | 'skip' | `search:${string}` | `sort:${string}`

export async function rowsChangeIn({
  act,
  pauseBeforeEnter,
}: {
  act: ListAct
  pauseBeforeEnter: number
}): Promise<Timing> {
  const firstRow = () => document.querySelector('tbody tr')?.textContent ?? ''
  const before = firstRow()
  const changed = new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      if (firstRow() !== before) {
        observer.disconnect()
        resolve(performance.now())
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const buttons = () => [
    ...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Pagination"] button'),
  ]
  const search = document.querySelector('input[aria-label="Search records"]') as HTMLInputElement
  if (act.startsWith('search:')) {
    // Type the words (the box keeps them), then press Enter, which searches without the box's pause.
    // Nothing is searched or read in between: the list searches only on Enter or after that pause.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    setter?.call(search, act.slice('search:'.length))
    search.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise((resolve) => setTimeout(resolve, pauseBeforeEnter))
  }
  // A column's header: its sort button, by the label it shows.
  const header = act.startsWith('sort:')
    ? [...document.querySelectorAll<HTMLButtonElement>('thead button')].find(
        (button) => button.textContent?.trim() === act.slice('sort:'.length),
      )
    : undefined
  if (act.startsWith('sort:') && !header) throw new Error(`no header ${act.slice('sort:'.length)}`)
  const started = performance.now()
  if (header) header.click()
  else if (act === 'next') buttons().at(-1)?.click()
  else if (act === 'previous') buttons().at(0)?.click()
  else if (act === 'skip') buttons().at(-2)?.click()
  else search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  // A list that does not change (a search matching the rows shown) would wait for ever: say so instead.
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no new rows within 10 s of ${act}`)), 10_000),
  )
  const dom = await Promise.race([changed, late])
  // requestAnimationFrame runs just before the frame is painted.
  const frame = await new Promise<number>((resolve) =>
    requestAnimationFrame(() => resolve(performance.now())),
  )
  return { dom: dom - started, frame: frame - started }
}
