/** A scripted transport for engine unit tests: records what was sent, answers what the test says. */

import { OutpostDb } from '../../src/db/database'
import { type BatchChange, IDEMPOTENCY_HEADER, MADE_AT_HEADER } from '../../src/domain/rest'
import type { EngineContext } from '../../src/sync/context'
import { type ApiRequest, type ApiResponse, NetworkError, type Transport } from '../../src/transport/http'

export type Script = (request: ApiRequest) => ApiResponse | 'network'

export function scripted() {
  const state = {
    /** Every change sent, as the request it stands for: a batch's changes one by one. */
    sent: [] as ApiRequest[],
    /** Every request as it went out: a batch is one. */
    requests: [] as ApiRequest[],
    notices: [] as string[],
    answer: (() => ({ status: 200, headers: {}, body: {} })) as Script,
    now: 1_000_000,
  }
  const answer = (request: ApiRequest) => {
    state.sent.push(request)
    return state.answer(request)
  }
  const transport: Transport = async (request) => {
    state.requests.push(request)
    if (request.path === 'sync/batch') return answerBatch(request, answer)
    const result = answer(request)
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

/**
 * A batch (docs/api.md, "Batches of changes") answered change by change by the script, as if each
 * had been sent alone; a 'network' for any of them loses the whole batch's answer.
 */
export function answerBatch(request: ApiRequest, answer: (request: ApiRequest) => ApiResponse | 'network') {
  const { changes } = request.body as { changes: BatchChange[] }
  const answers = changes.map(({ method, path, key, ifMatch, madeAt, body }) =>
    answer({
      method: method as ApiRequest['method'],
      path,
      headers: {
        [IDEMPOTENCY_HEADER]: key,
        ...(madeAt ? { [MADE_AT_HEADER]: madeAt } : {}),
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      body,
    }),
  )
  if (answers.includes('network')) throw new NetworkError('offline')
  return json(200, { answers: (answers as ApiResponse[]).map(({ status, body }) => ({ status, body })) })
}
