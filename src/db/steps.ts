/** Work made a step at a time (a generator that yields between steps), so it can run in slices or at once: to its end (`finish`), or a slice of a few milliseconds at a time (`stepFor`). */

/** Runs steps to their end, now. */
export function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** A build made in slices works this long at most in one task. */
const SLICE_MS = 4

/** Work made in slices (an order's build, a column's keys): its steps, and what it has cost so far. */
export interface InSlices<T> {
  field: string
  steps: Generator<void, T, void>
  started: number
  workMs: number
}

/**
 * Runs `work`'s steps for one slice, from `began`, SLICE_MS at most, its cost added to `workMs`: their
 * value when they end in it, else undefined.
 */
export function stepFor<T>(work: InSlices<T>, began: number): { value: T } | undefined {
  for (;;) {
    const step = work.steps.next()
    const elapsed = performance.now() - began
    if (step.done) {
      work.workMs += elapsed
      return { value: step.value }
    }
    if (elapsed >= SLICE_MS) {
      work.workMs += elapsed
      return undefined
    }
  }
}
