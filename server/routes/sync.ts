/**
 * GET /api/sync/changes?since=<cursor>&limit=<n>: the change feed the client pulls.
 * GET /api/sync/stream: server-sent events saying when to pull (realtime/feed-streams.ts).
 */
import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { hashToken } from '../auth/sessions'
import { DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT } from '../collections/changes'
import { readChangesAhead } from '../collections/changes-ahead'
import type { Db } from '../db/open'
import { SIGNED_IN } from '../http/access'
import { queryError } from '../http/errors'
import type { FeedStreams } from '../realtime/feed-streams'

function whole(value: unknown, name: string, fallback: number, max: number, min: number): number {
  if (value === undefined || value === '') return fallback
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value))
    throw queryError(`${name} must be a whole number.`)
  const number = Number(value)
  if (number < min || number > max) throw queryError(`${name} must be between ${min} and ${max}.`)
  return number
}

export function syncRoutes(app: FastifyInstance, db: Db, streams: FeedStreams) {
  app.get('/api/sync/changes', { config: { access: SIGNED_IN } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const since = whole(query.since, 'since', 0, Number.MAX_SAFE_INTEGER, 0)
    const limit = whole(query.limit, 'limit', DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT, 1)
    // The page is JSON text already (collections/doc-json.ts): sent as it is, never parsed and serialized again.
    const page = await readChangesAhead(db, since, limit)
    return reply.type('application/json; charset=utf-8').send(page.json)
  })

  app.get('/api/sync/stream', { config: { access: SIGNED_IN } }, (request, reply) => {
    const out = new PassThrough()
    // SIGNED_IN has found the session, so its token is there.
    streams.add(out, request.raw.socket, hashToken(request.sessionToken as string))
    return (
      reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx would otherwise hold the events back in its buffer.
        .header('x-accel-buffering', 'no')
        .send(out)
    )
  })
}
