/**
 * Is this IndexedDB failure a full disk? Dexie reports it as
 * QuotaExceededError, either directly or wrapped (an AbortError of the
 * transaction with the cause as `inner`); standard errors use `cause`.
 */
export function isQuotaError(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { name, inner, cause } = current as { name?: unknown; inner?: unknown; cause?: unknown }
    if (name === 'QuotaExceededError') return true
    current = inner ?? cause
  }
  return false
}
