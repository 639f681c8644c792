/** Signing in through the real login screen, as the browser tests' first step. */
import type { Page } from 'playwright-core'
import { ADMIN } from './server-process'

/** As the Admin, or as `who` (a user the test made). */
export async function signInThroughUi(page: Page, baseUrl: string, who = ADMIN) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: "Let's go" }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  // The URL changes before the first signed-in screen shows: on a first visit it waits for the service
  // worker's install to end (src/app/pwa-register.ts). Clicking around before then races the render.
  await page.locator('main#main').waitFor()
}

/** Resolves once the service worker controls the page, so the app keeps working with the network off. */
export function serviceWorkerInControl(page: Page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    }
  })
}

export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
