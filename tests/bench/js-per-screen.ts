/**
 * JavaScript per screen, as bytes a user's browser fetches (gzip level 9 of
 * the built files, as tests/e2e/budgets.test.ts counts them): each screen
 * opened by itself in a fresh tab, every script it loaded (its entry, its
 * route's chunks and what they import). Printed and handed back for
 * BENCHMARKS.md; the budgets test is the one that fails a build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '../e2e/chromium'
import { networkQuiet } from '../e2e/network-quiet'
import { startServer } from '../e2e/server-process'
import { signInThroughUi } from '../e2e/signed-in'

export interface ScreenJs {
  screen: string
  path: string
  kb: number
  scripts: number
}

const SCREENS: Array<[string, string]> = [
  ['Overview', '/admin/overview'],
  ['Contacts list', '/contacts/list'],
  ['Add contact', '/contacts/add'],
  ['Companies list', '/companies/list'],
  ['Add product', '/products/add'],
  ['Stats (charts)', '/admin/stats'],
  ['Sync issues', '/sync-issues'],
]

const gzipped = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length

export async function jsPerScreen(): Promise<ScreenJs[]> {
  const server = await startServer({ SEED_SAMPLE: '1' })
  const browser = await launchBrowser()
  const results: ScreenJs[] = []
  try {
    const measure = async (screen: string, path: string) => {
      const page = await browser.context.newPage()
      await page.goto(`${server.url}${path}`)
      await networkQuiet(page)
      // Parts a screen loads once it has rendered (the rich-text editor) come a moment later.
      await page.waitForTimeout(1000)
      await networkQuiet(page)
      const landed = new URL(page.url()).pathname
      const missing = (await page.getByText('this page does not exist').count()) > 0
      // Resource timing lists cached and service-worker answers too, which request events may not.
      const urls = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      )
      await page.close()
      const scripts = [...new Set(urls.filter((url) => url.startsWith('/assets/') && url.endsWith('.js')))]
      const bytes = scripts.reduce((sum, script) => sum + gzipped(script), 0)
      // A screen this build does not have sends the user elsewhere: say so rather than count that one.
      const result = {
        screen: missing
          ? `${screen} (not in this build: the not-found page)`
          : landed === path
            ? screen
            : `${screen} (went to ${landed})`,
        path,
        kb: bytes / 1024,
        scripts: scripts.length,
      }
      console.log(
        `${result.screen.padEnd(26)} ${result.kb.toFixed(1).padStart(6)} KB gzip in ${scripts.length} scripts`,
      )
      results.push(result)
    }
    await measure('Login', '/login')
    const page = await browser.context.newPage()
    await signInThroughUi(page, server.url)
    await page.close()
    for (const [screen, path] of SCREENS) await measure(screen, path)
    return results
  } finally {
    await browser.close().catch(() => undefined)
    await server.stop()
  }
}
