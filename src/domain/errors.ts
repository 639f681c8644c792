/**
 * The error body every API failure answers with (docs/api.md), and the
 * product's own error texts. Shared by server and client so both
 * speak the same words.
 */

export interface FieldError {
  field: string
  message: string
}

export interface ApiErrorItem {
  name: string
  title: string
  message: string
  data?: FieldError[]
}

export interface ErrorBody {
  errors: ApiErrorItem[]
}

export const messages = {
  generic: 'Oops, something went wrong!',
  required: 'This field is required.',
  invalidEmail: 'Must be a valid email address.',
  badLogin: 'The email or password provided is incorrect.',
  signedOut: 'Unauthorized, you must be logged in to make this request.',
  forbidden: 'You are not allowed to perform this action.',
  notFound: 'The requested resource was not found.',
  gone: 'This record has been deleted.',
  stale: 'This record was changed by someone else.',
  gatheringInfoFailed: 'Gathering Info Failed - something went wrong!',
} as const

/** 'Error while saving - {message} ({field})' from the first error's first data item. */
export function savingErrorText(body: ErrorBody | undefined): string {
  const first = body?.errors?.[0]
  const item = first?.data?.[0]
  if (item) return `Error while saving - ${item.message} (${item.field})`
  return first?.message ? `Error while saving - ${first.message}` : messages.generic
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const errors = (value as { errors?: unknown }).errors
  return Array.isArray(errors) && errors.length > 0 && typeof errors[0]?.message === 'string'
}
