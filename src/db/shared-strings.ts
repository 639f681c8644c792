/**
 * One copy of the strings many list-index entries hold alike. Every entry
 * arrives with strings of its own (read from IndexedDB, or cloned from the
 * sync worker's message), yet a first name, a last name or a job title
 * repeats across thousands of contacts. Pooled per field, the index holds
 * each once.
 *
 * A field whose values rarely repeat (emails, phone numbers) would only grow
 * its pool: once it has been seen often enough to tell, and most of its
 * values were new, its pool is let go and its strings are kept as they come.
 */

/** Values of a field seen before its pool is judged. */
const JUDGE_AFTER = 1_000
/** A pool is kept while at most this share of the values seen were new. */
const MOST_NEW = 0.5

interface FieldPool {
  strings: Map<string, string>
  seen: number
}

export class SharedStrings {
  /** null: the field's values rarely repeat, and are not pooled. */
  private readonly pools = new Map<string, FieldPool | null>()

  /** Whether `field`'s strings are still pooled (a field never seen is). */
  pooling(field: string) {
    return this.pools.get(field) !== null
  }

  /** The pooled copy of `value` for `field`: the first one seen. */
  share(field: string, value: string): string {
    let pool = this.pools.get(field)
    if (pool === null) return value
    if (pool === undefined) {
      pool = { strings: new Map(), seen: 0 }
      this.pools.set(field, pool)
    }
    pool.seen++
    const known = pool.strings.get(value)
    if (known !== undefined) return known
    pool.strings.set(value, value)
    if (pool.seen >= JUDGE_AFTER && pool.strings.size > pool.seen * MOST_NEW) this.pools.set(field, null)
    return value
  }
}
