/**
 * Starts the real server (`server/main.ts`, as `npm start` does after building)
 * on a free port with a throw-away data directory, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ADMIN = { email: 'admin@outpost.test', password: 'correct-horse-battery' }

/** A port nobody listens on right now (it may be taken before it is used: callers retry). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface RunningServer {
  url: string
  /** The server process's id (the benches read its memory from /proc). */
  pid: number
  output: () => string
  stop: () => Promise<void>
}

/** The chosen port was taken between finding it free and the server binding it. */
class PortTaken extends Error {}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync('dist/index.html'))
    throw new Error('dist/ is missing: run "npm run build" before the browser tests.')
  return startServerProcess(env)
}

/** The server without the app (no dist/ needed): the API and images only. */
export const startApiServer = (env: Record<string, string> = {}) =>
  startServerProcess({ STATIC_DIR: join(tmpdir(), 'outpost-no-app'), ...env })

async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  // A port probed free can be taken before the server binds it (seconds later: tsx, migrations), by another
  // test run or any process; the server then exits with EADDRINUSE, and another free port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), env)
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error
    }
  }
}

async function startOnPort(port: number, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-e2e-data-'))
  let log = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_SAMPLE: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const url = `http://127.0.0.1:${port}`
  // Ready when this child says it listens: an answer on the port could come from whoever took it.
  const ready = `Outpost is running at ${url} `
  const deadline = Date.now() + 60_000
  while (!log.includes(ready)) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true })
      if (log.includes('EADDRINUSE')) throw new PortTaken(`Port ${port} was taken:\n${log}`)
      throw new Error(`The server exited early:\n${log}`)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
      throw new Error(`The server did not start within 60 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => log,
    stop: async () => {
      // A later server may be given this port: it must not be sent this one's session.
      sessions.delete(url)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type ApiSession = Awaited<ReturnType<typeof signInApi>>
const sessions = new Map<string, Promise<ApiSession>>()

/**
 * A signed-in API client for checking what the server really holds; one per
 * server, so polling it does not spend the sign-in limit (20 a minute per address).
 */
export function apiSession(url: string): Promise<ApiSession> {
  let session = sessions.get(url)
  if (!session) {
    session = signInApi(url)
    sessions.set(url, session)
    session.catch(() => sessions.delete(url))
  }
  return session
}

async function signInApi(url: string) {
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!login.ok) throw new Error(`API login failed: ${login.status} ${await login.text()}`)
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
  const write = async <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${url}/api/${path}`, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!answer.ok) throw new Error(`${method} ${path} failed: ${answer.status} ${await answer.text()}`)
    return (await answer.json()) as T
  }
  return {
    get: async <T>(path: string): Promise<T> => {
      const answer = await fetch(`${url}/api/${path}`, { headers: { cookie } })
      if (!answer.ok) throw new Error(`GET ${path} failed: ${answer.status} ${await answer.text()}`)
      return (await answer.json()) as T
    },
    /** A write as another device would make it (same origin, as the server requires of cookie sessions). */
    post: <T>(path: string, body: unknown) => write<T>('POST', path, body),
    patch: <T>(path: string, body: unknown) => write<T>('PATCH', path, body),
    /** A delete as another device would make it (a record goes to the Trash). */
    remove: <T>(path: string) => write<T>('DELETE', path),
  }
}
