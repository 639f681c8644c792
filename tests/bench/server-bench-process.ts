/**
 * `npm start`'s server as a process, for the cold-start and load benches
 * (server-bench-start.ts, server-bench-load.ts): spawned on a data directory,
 * timed to its first HTTP answer, with the CPU and memory it used.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../e2e/server-process'
import { startArgs } from '../server/bundled-start'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'bench-password' }

/** Resident memory now and at its peak, in MiB. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mib = (name: string) =>
    Math.round(Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0) / 1024)
  return { rss: mib('VmRSS'), peak: mib('VmHWM') }
}

/** CPU time (user + system, every thread) the process has used, in ms. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export interface Started {
  child: ChildProcess
  url: string
  ms: number
  cpu: number
  rss: number
  stop: () => Promise<void>
}

/**
 * Spawns `npm start`'s server on dataDir and waits for its first answer (any status: the list needs a
 * session). `env` overrides its environment (DATABASE_URL, to run it on PostgreSQL).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, startArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_SAMPLE: '0',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(tmpdir(), 'outpost-no-app'),
      ...env,
    },
    stdio: 'ignore',
  })
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  const url = `http://127.0.0.1:${port}`
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      try {
        await (await fetch(`${url}/api/contacts?limit=1`)).arrayBuffer()
        break
      } catch {
        await sleep(10)
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s')
    }
  } catch (error) {
    await stop()
    throw error
  }
  const ms = performance.now() - started
  const pid = child.pid ?? 0
  return { child, url, ms, cpu: cpuMs(pid), rss: memoryOf(pid).rss, stop }
}
