/**
 * What a Chromium test file opens: a server of its own and Chromium on a fresh
 * profile, its first page leaving when told to (a `beforeunload` question is
 * accepted: the flows mean to leave), signed in first when asked; all closed
 * after the file. The opened three are handed to `opened`, which keeps them
 * where the file's tests read them and adds what the file needs besides.
 * The engine flows have their own (engine-rig.ts).
 */
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './chromium'
import { type RunningServer, startServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi } from './signed-in'

export type Chromium = Awaited<ReturnType<typeof launchBrowser>>

export interface ChromiumRig {
  server: RunningServer
  browser: Chromium
  page: Page
}

export function chromiumRig(
  opened: (rig: ChromiumRig) => void | Promise<void>,
  { signedIn = false }: { signedIn?: boolean } = {},
) {
  let rig: Partial<ChromiumRig> = {}
  beforeAll(async () => {
    const server = await startServer()
    rig = { server }
    rig.browser = await launchBrowser()
    const page = rig.browser.context.pages()[0] ?? (await rig.browser.context.newPage())
    page.on('dialog', (dialog) => void dialog.accept())
    rig.page = page
    mkdirSync('tests/e2e/screenshots', { recursive: true })
    if (signedIn) {
      await signInThroughUi(page, server.url)
      await serviceWorkerInControl(page)
    }
    await opened(rig as ChromiumRig)
  }, 120_000)
  afterAll(async () => {
    await rig.browser?.close()
    await rig.server?.stop()
  })
}
