/**
 * A refusal of the collections, users, auth or images (server/refusals.ts) as its HTTP answer: the status and the
 * documented error body (docs/api.md).
 */
import { messages } from '../../src/domain/errors'
import type { Refusal, Refused } from '../refusals'
import {
  ApiError,
  badRequest,
  cursorAhead,
  errorItem,
  gone,
  notFound,
  queryError,
  resyncRequired,
  tooLarge,
  unsupportedMedia,
  validationError,
} from './errors'

function answer(refusal: Refusal): ApiError {
  switch (refusal.kind) {
    case 'invalid':
      return validationError(refusal.fields)
    case 'query':
      return queryError(refusal.message)
    case 'not-found':
      return notFound()
    case 'gone':
      return gone({ tombstone: refusal.tombstone })
    case 'not-deleted':
      return badRequest(`This ${refusal.label} is not deleted, so there is nothing to restore.`)
    case 'stale': {
      const data = refusal.fields.map((field) => ({ field, message: messages.stale }))
      const item = errorItem('ConflictError', messages.stale, messages.stale, data.length ? data : undefined)
      return new ApiError(412, item, { doc: refusal.doc })
    }
    case 'resync':
      return resyncRequired()
    case 'cursor-ahead':
      return cursorAhead()
    case 'forbidden':
      return new ApiError(403, errorItem('Forbidden', refusal.message))
    case 'too-large':
      return tooLarge(refusal.message)
    case 'unreadable':
      return unsupportedMedia(refusal.message)
  }
}

export const answerOf = (refused: Refused) => answer(refused.refusal)
