/**
 * Resident memory after a load run, for tests/bench/server-bench-start.ts: the
 * four cases of BENCHMARKS.md's side by side with Payload (list page 1, a
 * one-field like, the three-field or-like, page 5,000), each for some seconds
 * from 10 connections over HTTP, against `npm start`'s server on a data
 * directory of 100,000 contacts; then its RSS and peak (goal: under 200 MiB).
 * Needs no Payload: the figures are Outpost's own.
 */
import { BENCH_ADMIN, memoryOf, startServer } from './server-bench-process'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const CONNECTIONS = 10

/** Name, page, and the where of the query. */
const CASES: [string, number, string][] = [
  ['list page 1', 1, ''],
  ['one-field like', 1, '&where[lastName][like]=son'],
  [
    'three-field or-like',
    1,
    '&where[or][0][firstName][like]=ann&where[or][1][lastName][like]=ann&where[or][2][email][like]=ann',
  ],
  ['deep page (5,000)', 5000, ''],
]

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

async function signIn(url: string) {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`)
  return response.headers.get('set-cookie')?.split(';')[0] ?? ''
}

/** CONNECTIONS clients asking `path` back to back for SECONDS: req/s and latencies. */
async function hammer(url: string, cookie: string, path: string) {
  const times: number[] = []
  const totals = new Set<number>()
  const end = performance.now() + SECONDS * 1000
  const client = async () => {
    while (performance.now() < end) {
      const started = performance.now()
      const response = await fetch(url + path, { headers: { cookie } })
      const body = (await response.json()) as { totalDocs?: number }
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
      times.push(performance.now() - started)
      totals.add(body.totalDocs ?? -1)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, client))
  times.sort((a, b) => a - b)
  const ms = (p: number) => percentile(times, p).toFixed(0)
  return `${(times.length / SECONDS).toFixed(0)} req/s, p50 ${ms(0.5)} / p95 ${ms(0.95)} / p99 ${ms(0.99)} ms (totalDocs ${[...totals].join(', ')})`
}

export async function loadRun(dataDir: string, env: Record<string, string> = {}): Promise<string[]> {
  const server = await startServer(dataDir, env)
  try {
    const cookie = await signIn(server.url)
    const lines = [
      `Load run over HTTP, ${CONNECTIONS} connections, ${SECONDS} s a case (rows as Payload's side by side):`,
    ]
    for (const [name, page, where] of CASES) {
      const path = `/api/contacts?page=${page}&limit=10&depth=0${where}`
      lines.push(`  ${name}: ${await hammer(server.url, cookie, path)}`)
    }
    const memory = memoryOf(server.child.pid ?? 0)
    lines.push(`  RSS after the run (goal < 200 MiB): ${memory.rss} MiB, peak ${memory.peak} MiB`)
    return lines
  } finally {
    await server.stop()
  }
}
