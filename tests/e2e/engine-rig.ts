/**
 * What a cross-engine test file opens for each engine: a server of its own, a
 * network the test can cut in front of it (network-switch.ts), and the engine on
 * a fresh profile (at a window size of its own, if given); all closed after the file. The opened three are handed to
 * `opened`, which keeps them where the file's tests read them.
 */
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import type { EngineName, EngineOptions, EnginePage } from './engine-page'
import { type NetworkSwitch, networkSwitch } from './network-switch'
import { openEngine } from './open-engine'
import { type RunningServer, startServer } from './server-process'

export interface EngineRig {
  server: RunningServer
  network: NetworkSwitch
  page: EnginePage
}

export function engineRig(engine: EngineName, opened: (rig: EngineRig) => void, options: EngineOptions = {}) {
  let rig: Partial<EngineRig> = {}
  beforeAll(async () => {
    const server = await startServer()
    rig = { server }
    rig.network = await networkSwitch(server.url)
    rig.page = await openEngine(engine, options)
    mkdirSync('tests/e2e/screenshots', { recursive: true })
    opened(rig as EngineRig)
  })
  afterAll(async () => {
    await rig.page?.close()
    await rig.network?.close()
    await rig.server?.stop()
  })
}
