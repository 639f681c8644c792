/**
 * With the browser offline the scheduler waits for the network instead of failing (and logging) on
 * every timer; with the browser online but the server out of reach, it looks again soon, then less often.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SyncEngine } from '../../../src/sync/engine'
import { SyncScheduler } from '../../../src/sync/scheduler'
import { SyncStatus } from '../../../src/sync/status'

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true })
}

afterEach(() => setOnline(true))

describe('the sync scheduler offline', () => {
  it('does not try while the browser is offline, and syncs when the network returns', async () => {
    const sync = vi.fn(async () => 'ok')
    const engine = {
      ctx: { userId: 'u1' },
      status: new SyncStatus(),
      sync,
      nextRetryAt: async () => null,
    } as unknown as SyncEngine
    const errors = vi.spyOn(console, 'error')
    setOnline(false)
    const scheduler = new SyncScheduler(engine)
    scheduler.start()
    scheduler.kick()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(sync).not.toHaveBeenCalled()
    expect(engine.status.get().activity).toBe('offline')

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(1))
    scheduler.stop()
    expect(errors).not.toHaveBeenCalled()
  })

  it('looks for an unreachable server again after 2 s, then 4 s, and stops looking once it answers', async () => {
    vi.useFakeTimers()
    try {
      const results = ['offline', 'offline', 'ok']
      const sync = vi.fn(async () => results.shift() ?? 'ok')
      const engine = {
        ctx: { userId: 'u1' },
        status: new SyncStatus(),
        sync,
        nextRetryAt: async () => null,
      } as unknown as SyncEngine
      const scheduler = new SyncScheduler(engine)
      scheduler.start()
      await vi.advanceTimersByTimeAsync(0)
      expect(sync).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1_999)
      expect(sync).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(sync).toHaveBeenCalledTimes(2)
      await vi.advanceTimersByTimeAsync(3_999)
      expect(sync).toHaveBeenCalledTimes(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(sync).toHaveBeenCalledTimes(3)
      // Found: nothing more until the minute's run.
      await vi.advanceTimersByTimeAsync(50_000)
      expect(sync).toHaveBeenCalledTimes(3)
      scheduler.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
