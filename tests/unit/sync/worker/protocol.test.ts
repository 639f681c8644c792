/**
 * The sync worker's conversation with the page (src/sync/worker): the page's
 * runner and the worker's server joined by a pair of ports that clone each
 * message and deliver it later, as postMessage does.
 */
import { describe, expect, it, vi } from 'vitest'
import { entryRowsOf } from '../../../../src/db/index-entries'
import { onMirrorChanges, type Written } from '../../../../src/db/mirror-changes'
import type { NoticeLevel } from '../../../../src/sync/context'
import type { RunResult, SyncEngine } from '../../../../src/sync/engine'
import { SyncStatus } from '../../../../src/sync/status'
import {
  type FromWorker,
  type MakeEngine,
  type Port,
  serveSync,
  type ToWorker,
} from '../../../../src/sync/worker/protocol'
import { type WorkerEnd, WorkerRunner } from '../../../../src/sync/worker/worker-runner'

/** An engine whose runs end when the test says so. */
function fakeEngine(userId = 'u1') {
  const runs: Array<(result: RunResult) => void> = []
  const status = new SyncStatus()
  const engine = {
    ctx: { userId, db: { name: `outpost-${userId}` } },
    status,
    sync: vi.fn(
      () =>
        new Promise<RunResult>((resolve) => {
          runs.push(resolve)
        }),
    ),
  }
  return { engine: engine as unknown as SyncEngine, sync: engine.sync, runs }
}

/** A worker made of the real server end (serveSync) over cloning, asynchronous ports. */
function connected(makeEngine: MakeEngine) {
  const deliver = <T>(to: { onmessage: ((event: MessageEvent<T>) => void) | null }, message: T) => {
    const data = structuredClone(message)
    setTimeout(() => to.onmessage?.({ data } as MessageEvent<T>), 0)
  }
  const inside: Port<ToWorker, FromWorker> = {
    onmessage: null,
    postMessage: (message) => {
      if (!page.terminated) deliver(page, message)
    },
  }
  const page: WorkerEnd & { terminated: boolean; sent: ToWorker[] } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    sent: [],
    postMessage: (message) => {
      page.sent.push(message)
      if (!page.terminated) deliver(inside, message)
    },
    terminate: () => {
      page.terminated = true
    },
  }
  serveSync(inside, makeEngine)
  return page
}

describe('the sync worker protocol', () => {
  it('opens the user’s engine in the worker and answers each run with its result', async () => {
    const inWorker = fakeEngine()
    const opened = vi.fn(() => inWorker.engine)
    const worker = connected(opened)
    const onPage = fakeEngine()
    const runner = new WorkerRunner(worker, onPage.engine, () => {})

    const first = runner.sync()
    await vi.waitFor(() => expect(inWorker.sync).toHaveBeenCalledTimes(1))
    expect(opened).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u1' }))
    inWorker.runs[0]?.('offline')
    await expect(first).resolves.toBe('offline')

    // Two asked at once each get their own answer.
    const second = runner.sync()
    const third = runner.sync()
    await vi.waitFor(() => expect(inWorker.runs).toHaveLength(3))
    inWorker.runs[2]?.('auth')
    inWorker.runs[1]?.('ok')
    await expect(second).resolves.toBe('ok')
    await expect(third).resolves.toBe('auth')
    expect(onPage.sync).not.toHaveBeenCalled()
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it('copies the worker engine’s status into the page’s, and hands its notices to the page', async () => {
    const inWorker = fakeEngine()
    let notifyInWorker: (text: string, level: NoticeLevel) => void = () => {}
    const worker = connected(({ notify }) => {
      notifyInWorker = notify
      return inWorker.engine
    })
    const onPage = fakeEngine()
    const notices: Array<[string, NoticeLevel]> = []
    new WorkerRunner(worker, onPage.engine, (text, level) => notices.push([text, level]))
    await vi.waitFor(() =>
      expect(worker.sent).toEqual([{ type: 'open', userId: 'u1', tag: expect.any(String) }]),
    )
    await new Promise((resolve) => setTimeout(resolve, 5))

    inWorker.engine.status.set({ activity: 'syncing', hydrate: { done: 2000, total: 100_000 } })
    notifyInWorker('The change was refused.', 'danger')
    await vi.waitFor(() => expect(onPage.engine.status.get().hydrate).toEqual({ done: 2000, total: 100_000 }))
    expect(onPage.engine.status.get().activity).toBe('syncing')
    await vi.waitFor(() => expect(notices).toEqual([['The change was refused.', 'danger']]))
  })

  it('hands the page’s list indexes the rows the worker wrote, cut to what their entries are made of', async () => {
    const inWorker = fakeEngine()
    let wrote: Parameters<MakeEngine>[0]['wrote'] = () => {}
    const worker = connected((opening) => {
      wrote = opening.wrote
      return inWorker.engine
    })
    new WorkerRunner(worker, fakeEngine().engine, () => {})
    const heard: Array<[unknown, Written | undefined]> = []
    const stop = onMirrorChanges('outpost-u1', (changes, written) => heard.push([changes, written]))
    await vi.waitFor(() => expect(worker.sent).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 5))

    const row = {
      id: 'c1',
      firstName: 'Søren',
      lastName: 'Lovelace',
      phone: '+44 20 7946-0123',
      notes: 'Never shown in a list',
      version: 3,
    }
    wrote(
      { contacts: ['c1', 'c2'] },
      entryRowsOf({
        contacts: new Map([
          ['c1', row],
          ['c2', null],
        ]),
      }),
    )
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    expect(heard[0]?.[0]).toEqual({ contacts: ['c1', 'c2'] })
    const rows = heard[0]?.[1]?.contacts
    expect(rows?.get('c2')).toBeNull()
    expect(rows?.get('c1')).toEqual({
      id: 'c1',
      firstName: 'Søren',
      lastName: 'Lovelace',
      phone: '+44 20 7946-0123',
    })
    stop()
  })

  it('answers a run the worker threw in with an error, never leaving the lock holder waiting', async () => {
    const inWorker = fakeEngine()
    inWorker.sync.mockImplementationOnce(() => Promise.reject(new Error('boom')))
    const runner = new WorkerRunner(
      connected(() => inWorker.engine),
      fakeEngine().engine,
      () => {},
    )
    await expect(runner.sync()).resolves.toBe('error')
  })

  it('ends a run still awaited when stopped (sign-out), and runs nothing after', async () => {
    const inWorker = fakeEngine()
    const worker = connected(() => inWorker.engine)
    const onPage = fakeEngine()
    const runner = new WorkerRunner(worker, onPage.engine, () => {})
    const running = runner.sync()
    await vi.waitFor(() => expect(inWorker.sync).toHaveBeenCalledTimes(1))
    runner.stop()
    expect(worker.terminated).toBe(true)
    await expect(running).resolves.toBe('error')
    await expect(runner.sync()).resolves.toBe('error')
    expect(onPage.sync).not.toHaveBeenCalled()
  })

  it('runs the engine on the page once the worker breaks, the awaited run included', async () => {
    const inWorker = fakeEngine()
    const worker = connected(() => inWorker.engine)
    const onPage = fakeEngine()
    const runner = new WorkerRunner(worker, onPage.engine, () => {})
    const running = runner.sync()
    await vi.waitFor(() => expect(inWorker.sync).toHaveBeenCalledTimes(1))

    worker.onerror?.(new ErrorEvent('error', { message: 'the worker script failed' }))
    expect(worker.terminated).toBe(true)
    expect(runner.inWorker).toBe(false)
    await vi.waitFor(() => expect(onPage.sync).toHaveBeenCalledTimes(1))
    onPage.runs[0]?.('ok')
    await expect(running).resolves.toBe('ok')

    const next = runner.sync()
    expect(onPage.sync).toHaveBeenCalledTimes(2)
    onPage.runs[1]?.('ok')
    await expect(next).resolves.toBe('ok')
  })
})
