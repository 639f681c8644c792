/** A scripted transport for engine unit tests: records what was sent, answers what the test says. */

import { OutpostDb } from '../../src/db/database'
import type { EngineContext } from '../../src/sync/context'
import { type ApiRequest, type ApiResponse, NetworkError, type Transport } from '../../src/transport/http'

export type Script = (request: ApiRequest) => ApiResponse | 'network'

export function scripted() {
  const state = {
    sent: [] as ApiRequest[],
    notices: [] as string[],
    answer: (() => ({ status: 200, headers: {}, body: {} })) as Script,
    now: 1_000_000,
  }
  const transport: Transport = async (request) => {
    state.sent.push(request)
    const result = state.answer(request)
    if (result === 'network') throw new NetworkError('offline')
    return result
  }
  const db = new OutpostDb(`engine-${crypto.randomUUID()}`)
  const ctx: EngineContext = {
    db,
    transport,
    userId: 'u1',
    now: () => state.now,
    random: () => 0.5,
    notify: (text) => state.notices.push(text),
  }
  return { state, db, ctx, writes: { db, userId: 'u1' } }
}

export const json = (status: number, body: unknown): ApiResponse => ({ status, headers: {}, body })

/** The doc a real server would answer for a create/update request. */
export function echoDoc(request: ApiRequest, version = 1) {
  const { _base, ...body } = (request.body ?? {}) as Record<string, unknown>
  const id = (body.id as string) ?? request.path.split('/')[1]
  return { ...body, id, version, createdAt: 'x', updatedAt: 'x' }
}
