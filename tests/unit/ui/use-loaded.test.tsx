/**
 * A read done once (src/ui/use-loaded.ts): null until it answers, then its answer; when what it reads
 * changes, the answer for the old one is never shown, even should it come last.
 */
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useLoaded } from '../../../src/ui/use-loaded'

/** A promise and its resolve, to answer when the test says. */
function later<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('useLoaded', () => {
  it('is null until the read answers, and reads once', async () => {
    let reads = 0
    const { result, rerender } = renderHook(() =>
      useLoaded(async () => {
        reads++
        return 'contacts'
      }, ['contacts']),
    )
    expect(result.current).toBeNull()
    await waitFor(() => expect(result.current).toBe('contacts'))
    rerender()
    expect(reads).toBe(1)
  })

  it('drops the answer for what it no longer reads', async () => {
    const answers = { a: later<string>(), b: later<string>() }
    const { result, rerender } = renderHook(({ name }) => useLoaded(() => answers[name].promise, [name]), {
      initialProps: { name: 'a' as 'a' | 'b' },
    })
    rerender({ name: 'b' })
    answers.b.resolve('b')
    await waitFor(() => expect(result.current).toBe('b'))
    answers.a.resolve('a')
    await answers.a.promise
    expect(result.current).toBe('b')
  })
})
