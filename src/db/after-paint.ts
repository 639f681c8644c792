/**
 * Work that waits for the screen: the sync's start (src/sync/runtime.ts) and
 * a list's first sort of a column (field-order.ts) both run just after the
 * next frame is painted, so the page a click or a load asked for is on the
 * screen before they take the main thread. Here, below both layers.
 */

/** Runs a task later; answers a function that cancels it. */
export type Later = (run: () => void) => () => void

/**
 * Runs `run` just after the next frame is painted (a timer set from the frame's callback runs once the
 * frame is drawn). A tab that paints nothing (hidden, Node, jsdom) runs it in the next task, and one
 * hidden before its frame came half a second later all the same.
 */
export const afterNextPaint: Later = (run) => {
  const painting =
    typeof requestAnimationFrame !== 'undefined' &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible'
  let afterFrame: ReturnType<typeof setTimeout> | undefined
  const frame = painting ? requestAnimationFrame(() => (afterFrame = setTimeout(once, 0))) : undefined
  const fallback = setTimeout(once, painting ? 500 : 0)
  function cancel() {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(afterFrame)
    clearTimeout(fallback)
  }
  function once() {
    cancel()
    run()
  }
  return cancel
}
