/**
 * Housekeeping is deferred after the server listens, yet still runs: first
 * after a minute, then daily (server/maintenance-schedule.ts); and stopping
 * waits for a run under way.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { FIRST_RUN_AFTER_MS, scheduleMaintenance } from '../../server/maintenance-schedule'

const DAY_MS = 86_400_000

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

it('runs nothing at once, then once after a minute, then daily', async () => {
  const run = vi.fn(async () => {})
  const schedule = scheduleMaintenance(run)
  expect(run).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(FIRST_RUN_AFTER_MS - 1)
  expect(run).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(run).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(DAY_MS)
  expect(run).toHaveBeenCalledTimes(2)
  await vi.advanceTimersByTimeAsync(DAY_MS)
  expect(run).toHaveBeenCalledTimes(3)
  await schedule.stop()
  await vi.advanceTimersByTimeAsync(2 * DAY_MS)
  expect(run).toHaveBeenCalledTimes(3)
})

it('stopped before its first run, it never runs', async () => {
  const run = vi.fn(async () => {})
  await scheduleMaintenance(run).stop()
  await vi.advanceTimersByTimeAsync(2 * DAY_MS)
  expect(run).not.toHaveBeenCalled()
})

it('stopping waits for the run under way', async () => {
  let finish = () => {}
  let finished = false
  const run = () =>
    new Promise<void>((resolve) => {
      finish = () => {
        finished = true
        resolve()
      }
    })
  const schedule = scheduleMaintenance(run, { firstAfterMs: 10 })
  await vi.advanceTimersByTimeAsync(10)
  let stopped = false
  const stopping = schedule.stop().then(() => {
    stopped = true
  })
  await vi.advanceTimersByTimeAsync(1)
  expect(stopped).toBe(false)
  finish()
  await stopping
  expect(finished && stopped).toBe(true)
})
