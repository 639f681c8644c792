/** Work made a step at a time (a generator that yields between steps), so it can run in slices or at once. */

/** Runs steps to their end, now. */
export function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}
