/**
 * drizzle-orm hands PGlite its own `parsers` (dates and intervals kept as
 * text, which drizzle then maps) on every query, and PGlite merges them into
 * its ~320 default parsers with an object spread per query: ~80 µs, a third of
 * a simple statement's cost in-process. So PGlite gets those same parsers once,
 * at creation, and each query's copy is dropped when it is exactly those: the
 * rows come out the same, without the per-query merge.
 */
import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite'

const asText = (value: string) => value

/** What drizzle-orm 0.45's PGlite session passes (pglite/session.js): keep these types as text. */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions['parsers']> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
}
const ALREADY_SET = new Set(Object.keys(DRIZZLE_PARSERS))

function lean(options?: QueryOptions): QueryOptions | undefined {
  if (!options?.parsers || !Object.keys(options.parsers).every((oid) => ALREADY_SET.has(oid))) return options
  const { parsers: _, ...rest } = options
  return rest
}

type Query = PGlite['query']

function leanTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query')
        return ((sql, params, options) => target.query(sql, params, lean(options))) as Query
      return Reflect.get(target, property)
    },
  })
}

/** The client to give drizzle: the same PGlite, without the per-query parser merge. */
export function withoutQueryParsers(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return ((sql, params, options) => target.query(sql, params, lean(options))) as Query
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(leanTransaction(tx)))
      }
      // PGlite keeps state in private fields: its methods must run on the instance itself.
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
