/**
 * The requests a Dexie database sends IndexedDB, in the order sent: watched by a DBCore middleware
 * beneath every other (Dexie's own, the packs'), where they leave for IndexedDB.
 */
import type { DBCore, Dexie, Middleware } from 'dexie'

export interface Request {
  table: string
  kind: 'get' | 'getMany' | 'query' | 'openCursor' | 'count' | 'mutate'
}

/** Watches `db`'s requests from now on, into the list answered. Call before `db` opens. */
export function watchRequests(db: Dexie) {
  const requests: Request[] = []
  const watcher: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'watch-requests',
    level: -100,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name)
        const sent = <T>(kind: Request['kind'], request: () => T) => {
          requests.push({ table: name, kind })
          return request()
        }
        return {
          ...table,
          get: (req) => sent('get', () => table.get(req)),
          getMany: (req) => sent('getMany', () => table.getMany(req)),
          query: (req) => sent('query', () => table.query(req)),
          openCursor: (req) => sent('openCursor', () => table.openCursor(req)),
          count: (req) => sent('count', () => table.count(req)),
          mutate: (req) => sent('mutate', () => table.mutate(req)),
        }
      },
    }),
  }
  db.use(watcher)
  return requests
}
