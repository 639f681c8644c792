/**
 * Real Chromium for the browser tests: Debian's, driven by playwright-core.
 * A persistent context (not incognito) so service workers and installability
 * behave as they do for a user. Missing Chromium is a failure with a fix, never a skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'

export function chromePath() {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it with "apt-get install chromium" (Debian) or set CHROME_PATH.`,
    )
  }
  return path
}

/** `touch`: a tablet held by a finger (touch events, and the coarse pointer the styles grow targets for). */
export async function launchBrowser(viewport = { width: 1280, height: 800 }, { touch = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'outpost-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    headless: true,
    viewport,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
