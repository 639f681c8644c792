/** What an HTTP answer means for a queued change (docs/sync.md "Answers"). */

export type Outcome = 'done' | 'failed' | 'conflict' | 'gone' | 'auth' | 'retry'

export function outcomeOf(status: number, kind: 'create' | 'update' | 'delete' | 'upload'): Outcome {
  if (status >= 200 && status < 300) return 'done'
  if (status === 401) return 'auth'
  if (status === 412) return 'conflict'
  // A delete of something already gone has done its job.
  if ((status === 404 || status === 410) && kind === 'delete') return 'done'
  if (status === 410 || (status === 404 && kind === 'update')) return 'gone'
  // 409: the same Idempotency-Key is still being processed; 408/429/5xx: try again later.
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'retry'
  return 'failed'
}

/** Exponential backoff with full jitter: 1 s, 2 s, 4 s … capped at 5 minutes. */
export function retryDelay(attempts: number, random: () => number = Math.random) {
  const ceiling = Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
