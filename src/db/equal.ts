/** Structural equality of JSON values: what counts as "changed" in a patch. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) =>
    jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
