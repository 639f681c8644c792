/** p50 / p95 of a repeated step, for the benches that time work in memory. */
export interface Timing {
  p50: number
  p95: number
  runs: number
}

const timing = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
  return { p50: at(0.5), p95: at(0.95), runs: times.length }
}

export async function timed(runs: number, run: (i: number) => unknown): Promise<Timing> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  return timing(times)
}
