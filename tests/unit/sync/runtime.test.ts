import { expect, it } from 'vitest'
import { startRuntime } from '../../../src/sync/runtime'

it("runs the page's own engine as one on the main thread, in small pages of the feed (pull.ts)", async () => {
  const runtime = startRuntime(
    { id: `runtime-${crypto.randomUUID()}`, email: 'a@b.test', name: 'A', role: 'admin' } as never,
    () => {},
  )
  try {
    expect(runtime.engine.ctx.mainThread).toBe(true)
  } finally {
    // The runtime's first read of the mirror (whether it is still filling) ends before its database closes.
    await runtime.engine.filling()
    runtime.stop()
  }
})
