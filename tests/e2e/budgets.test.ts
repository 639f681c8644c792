/**
 * JavaScript budgets, as bytes a user's browser fetches (gzip, as the server
 * compresses them), never as timings: the login screen at most 150 KB, and
 * signing in and opening the contacts list at most 150 KB more. Heavy parts
 * (Slate, charts) must load only with the screens that need them. A failure
 * names every chunk and its size, largest first.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { chromiumRig } from './chromium-rig'
import { ADMIN, type RunningServer } from './server-process'

const KB = 1024
const BUDGETS = { login: 150 * KB, contactsList: 150 * KB }

let server: RunningServer
let page: Page
/** Every script the page asked for, in order, once each. */
const scripts: string[] = []

chromiumRig((opened) => {
  ;({ server, page } = opened)
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.resourceType() === 'script' && !scripts.includes(path)) scripts.push(path)
  })
})

const gzipped = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length

function report(paths: string[]) {
  const sizes = paths.map((path) => ({ path, bytes: gzipped(path) })).sort((a, b) => b.bytes - a.bytes)
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0)
  const lines = sizes.map(({ path, bytes }) => `  ${(bytes / KB).toFixed(1).padStart(7)} KB  ${path}`)
  return { total, text: `${(total / KB).toFixed(1)} KB in ${sizes.length} scripts:\n${lines.join('\n')}` }
}

it('stays within the JavaScript budgets of the login screen and the contacts list', async () => {
  await page.goto(`${server.url}/login`)
  await page.getByRole('button', { name: "Let's go" }).waitFor()
  // The login screen's own scripts include the service worker's registration, which it loads once the
  // page is idle: on a busy machine that comes after the button, and was counted against the list.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const login = report([...scripts])
  console.log(`login screen: ${login.text}`)

  const before = scripts.length
  // Signing in from a link to the contacts list: the app opens there, not on the overview first.
  await page.goto(`${server.url}/contacts/list`)
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: "Let's go" }).click()
  await page.getByRole('heading', { name: 'All Contacts' }).waitFor()
  const list = report(scripts.slice(before))
  console.log(`sign in and open the contacts list: ${list.text}`)

  expect(
    login.total,
    `The login screen is over its ${BUDGETS.login / KB} KB budget: ${login.text}`,
  ).toBeLessThanOrEqual(BUDGETS.login)
  expect(
    list.total,
    `Signing in and opening the contacts list is over its ${BUDGETS.contactsList / KB} KB budget: ${list.text}`,
  ).toBeLessThanOrEqual(BUDGETS.contactsList)
  // The editor is not part of either.
  expect(scripts.some((path) => path.includes('rich-text-editor'))).toBe(false)
}, 60_000)
