/**
 * What `load` answers, read once for each set of `deps`: null until it answers, and while the answer
 * for new `deps` is on its way. An answer that comes after the component is gone, or after `deps`
 * changed, is dropped. Not live: a screen that must not change under the person (an import's plan)
 * reads what it needs once.
 */
import { type DependencyList, useEffect, useState } from 'react'

const same = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((each, at) => Object.is(each, b[at]))

export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): T | null {
  const [loaded, setLoaded] = useState<{ value: T; deps: DependencyList } | null>(null)
  useEffect(
    () => {
      let current = true
      void load().then((value) => current && setLoaded({ value, deps }))
      return () => {
        current = false
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` name everything `load` reads.
    deps,
  )
  return loaded && same(loaded.deps, deps) ? loaded.value : null
}
