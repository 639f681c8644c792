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
export const CASES: [string, number, string][] = [
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

export async function signIn(url: string) {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`)
  return response.headers.get('set-cookie')?.split(';')[0] ?? ''
}

export interface Hammered {
  perSecond: number
  p50: number
  p95: number
  p99: number
  totals: number[]
}

export const describeHammered = ({ perSecond, p50, p95, p99, totals }: Hammered) =>
  `${perSecond.toFixed(0)} req/s, p50 ${p50.toFixed(0)} / p95 ${p95.toFixed(0)} / p99 ${p99.toFixed(0)} ms (totalDocs ${totals.join(', ')})`

/** The path of one case, as Payload's side by side asks it. */
export const casePath = (page: number, where: string) => `/api/contacts?page=${page}&limit=10&depth=0${where}`

/** CONNECTIONS clients asking `path` back to back for SECONDS: req/s and latencies. */
export async function hammer(url: string, cookie: string, path: string): Promise<Hammered> {
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
  return {
    perSecond: times.length / SECONDS,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    totals: [...totals],
  }
}

export async function loadRun(dataDir: string, env: Record<string, string> = {}): Promise<string[]> {
  const server = await startServer(dataDir, env)
  try {
    const cookie = await signIn(server.url)
    const lines = [
      `Load run over HTTP, ${CONNECTIONS} connections, ${SECONDS} s a case (rows as Payload's side by side):`,
    ]
    for (const [name, page, where] of CASES)
      lines.push(`  ${name}: ${describeHammered(await hammer(server.url, cookie, casePath(page, where)))}`)
    const memory = memoryOf(server.child.pid ?? 0)
    lines.push(`  RSS after the run (goal < 200 MiB): ${memory.rss} MiB, peak ${memory.peak} MiB`)
    return lines
  } finally {
    await server.stop()
  }
}
