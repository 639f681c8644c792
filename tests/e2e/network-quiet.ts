/**
 * Playwright's `networkidle`, less the feed stream: the app keeps GET /api/sync/stream open as long
 * as it runs, so a page never goes idle by Playwright's count. Resolves once no other request has
 * been in flight for `quietMs` (requests already under way when called are waited for too).
 */
import type { Page, Request } from 'playwright-core'

const isStream = (request: Request) => new URL(request.url()).pathname === '/api/sync/stream'

export async function networkQuiet(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}) {
  await page.waitForLoadState('load')
  const pending = new Set<Request>()
  let lastChange = Date.now()
  const started = (request: Request) => {
    if (isStream(request)) return
    pending.add(request)
    lastChange = Date.now()
  }
  const ended = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const until = Date.now() + timeoutMs
    while (pending.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > until)
        throw new Error(`the network stayed busy: ${[...pending].map((r) => r.url()).join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}
