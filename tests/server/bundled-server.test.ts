/**
 * The bundled server (`npm start`) starts and answers: on an empty data
 * directory, which it begins from the empty database the build made, and
 * again on the directory it left. Every route family the bundle carries is
 * touched once: sign-in, a list, the built app's files.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFromTemplate, templatePath } from '../../server/db/empty-template'
import { freePort } from '../e2e/server-process'
import { buildServer, startArgs } from './bundled-start'

const ADMIN = { email: 'admin@bundle.test', password: 'bundle-password' }
const work = mkdtempSync(join(tmpdir(), 'outpost-bundle-'))
const staticDir = join(work, 'app')

beforeAll(() => {
  buildServer()
  mkdirSync(staticDir)
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bundled app</title>')
}, 180_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function start(dataDir: string) {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, startArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_SAMPLE: '0',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const deadline = Date.now() + 60_000
  while (!output.includes(`Outpost is running at ${url} `)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the bundled server did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const stop = async () => {
    child.kill('SIGTERM')
    return exited
  }
  return { url, stop, output: () => output }
}

async function signedInList(url: string) {
  expect((await fetch(`${url}/api/contacts`)).status).toBe(401)
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
  return (await fetch(`${url}/api/contacts?limit=1`, { headers: { cookie } })).json()
}

it('starts on an empty data directory from the build’s empty database, answers, and starts again', async () => {
  const dataDir = join(work, 'data')
  const first = await start(dataDir)
  try {
    expect(await signedInList(first.url)).toMatchObject({ totalDocs: 0, docs: [] })
    const page = await fetch(`${first.url}/contacts`, { headers: { accept: 'text/html' } })
    expect(await page.text()).toContain('bundled app')
    expect(first.output()).toContain(`Created the Admin account ${ADMIN.email}`)
  } finally {
    expect(await first.stop()).toBe(0)
  }

  const second = await start(dataDir)
  try {
    expect(await signedInList(second.url)).toMatchObject({ totalDocs: 0 })
    expect(second.output()).not.toContain('Created the Admin account')
  } finally {
    expect(await second.stop()).toBe(0)
  }
}, 120_000)

it('copies the empty database only into an empty directory', () => {
  expect(existsSync(join(templatePath(), 'PG_VERSION'))).toBe(true)
  const empty = join(work, 'empty')
  mkdirSync(empty)
  expect(startFromTemplate(empty)).toBe(true)
  expect(readdirSync(empty)).toContain('PG_VERSION')
  expect(startFromTemplate(empty)).toBe(false)

  const occupied = join(work, 'occupied')
  mkdirSync(occupied)
  writeFileSync(join(occupied, 'something'), '')
  expect(startFromTemplate(occupied)).toBe(false)
  expect(readdirSync(occupied)).toEqual(['something'])
})
