/**
 * PUT /api/sync/presence { tab, record }: this tab has `record` (`contacts:<id>`) open, or (null)
 * none. Signed in; 204. Streams hear the names on each record (realtime/presence.ts).
 */
import type { FastifyInstance } from 'fastify'
import { COLLECTION_NAMES } from '../../src/domain/collections'
import { hashToken } from '../auth/sessions'
import { SIGNED_IN } from '../http/access'
import { tooManyScreens, validationError } from '../http/errors'
import type { Presence } from '../realtime/presence'

const TAB = /^[A-Za-z0-9-]{8,64}$/
const RECORD = new RegExp(
  `^(${COLLECTION_NAMES.join('|')}):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
)

function parsePresence(body: unknown): { tab: string; record: string | null } {
  const { tab, record } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const errors = []
  if (typeof tab !== 'string' || !TAB.test(tab))
    errors.push({ field: 'tab', message: 'Must be 8 to 64 letters, digits or dashes.' })
  if (record !== null && (typeof record !== 'string' || !RECORD.test(record)))
    errors.push({
      field: 'record',
      message: 'Must be a collection and a record id (contacts:<id>), or null.',
    })
  if (errors.length) throw validationError(errors)
  return { tab: tab as string, record: record as string | null }
}

export function presenceRoutes(app: FastifyInstance, presence: Presence) {
  app.put('/api/sync/presence', { config: { access: SIGNED_IN } }, async (request, reply) => {
    const { tab, record } = parsePresence(request.body)
    const user = request.user as NonNullable<typeof request.user>
    const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || 'A colleague'
    const session = hashToken(request.sessionToken as string)
    if (!presence.say({ session, userId: user.id, name }, tab, record)) throw tooManyScreens()
    return reply.code(204).send()
  })
}
