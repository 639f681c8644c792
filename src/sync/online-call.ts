/**
 * A call that needs the server at once (staff administration, the Trash): its
 * answer's body, or an OnlineCallError in the product's words: the server's
 * own message, or plainly that the network is missing.
 */
import { type FieldError, isErrorBody, messages } from '../domain/errors'
import { IDEMPOTENCY_HEADER } from '../domain/rest'
import { type ApiRequest, NetworkError, type Transport } from '../transport/http'

/** A refused or impossible call: its words, and the fields they are about (shown under those fields). */
export class OnlineCallError extends Error {
  override name = 'OnlineCallError'
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
    readonly offline = false,
    readonly status = 0,
  ) {
    super(message)
  }
}

/** What to tell the user of a failed call: the server's words, else the product's generic message. */
export const failureText = (error: unknown) =>
  error instanceof OnlineCallError ? error.message : messages.generic

/** Calls through `transport`; offline, the error says `offlineText`. */
export function onlineCaller(transport: Transport, offlineText: string) {
  return async <T>(request: ApiRequest): Promise<T> => {
    let answer: Awaited<ReturnType<Transport>>
    try {
      answer = await transport(request)
    } catch (error) {
      if (error instanceof NetworkError) throw new OnlineCallError(offlineText, [], true)
      throw error
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body as T
    const first = isErrorBody(answer.body) ? answer.body.errors[0] : undefined
    throw new OnlineCallError(first?.message ?? messages.generic, first?.data ?? [], false, answer.status)
  }
}

/** A write's own idempotency key, so a retried request after a lost answer is not done twice. */
export const keyed = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() })
