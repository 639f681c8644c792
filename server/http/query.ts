/**
 * Query-string parsing (qs, as Payload does: `where[or][0][firstName][like]=x`). What the parameters
 * mean is the collections' (collections/list-params.ts, collections/where.ts).
 */
import qs from 'qs'

/**
 * qs drops a key named `__proto__` whatever its options, so `where[__proto__][equals]=x`
 * would arrive as an empty `where` and list everything. Its key segments travel under
 * this name instead (decodeURIComponent never yields a lone surrogate) and are renamed
 * back after parsing, so the code that checks names refuses them like any unknown one.
 */
const PROTO = '__proto__'
const PROTO_STAND_IN = '\uDC00proto\uDC00'

const decodeKeepingProto: qs.IParseOptions['decoder'] = (text, decode, charset, type) => {
  const decoded = decode(text, decode, charset)
  if (type !== 'key' || !decoded.includes(PROTO)) return decoded
  return decoded.replace(/^__proto__(?=\[|$)/, PROTO_STAND_IN).replaceAll(`[${PROTO}]`, `[${PROTO_STAND_IN}]`)
}

/** Renames the stand-in keys back; iterative, as the parsed value can be deep. */
function restoreProto(root: Record<string, unknown>) {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value === null || typeof value !== 'object') continue
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const child = record[key]
      pending.push(child)
      if (!key.includes(PROTO_STAND_IN)) continue
      delete record[key]
      // A data property, never the prototype setter (the objects have no prototype anyway).
      Object.defineProperty(record, key.replaceAll(PROTO_STAND_IN, PROTO), {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  return root
}

/**
 * Fastify's querystringParser. Objects without a prototype (plainObjects) keep
 * keys such as `constructor` or `toString`, which qs would otherwise drop in
 * silence: a filter on them must be refused by name, not ignored.
 */
export const parseQueryString = (raw: string) =>
  restoreProto(qs.parse(raw, { depth: 10, arrayLimit: 100, plainObjects: true, decoder: decodeKeepingProto }))
