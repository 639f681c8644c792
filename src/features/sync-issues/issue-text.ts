/** The words for a change the server did not take: its headline and what happened, in plain terms. */
import type { OutboxOp } from '../../db/outbox-types'
import { mirrored } from '../../domain/collections'
import { messages, savingErrorText } from '../../domain/errors'
import type { Choice } from '../../sync/resolve'

/** 'Error while saving - {message} ({field})' from the server's answer; the engine's own words when there was none. */
export function problemTitle(op: OutboxOp): string {
  const error = op.lastError
  if (error?.body) return savingErrorText(error.body)
  return error?.message || messages.generic
}

export function whatHappened(op: OutboxOp): string {
  const { label } = mirrored[op.collection]
  if (op.status === 'conflict') {
    return op.kind === 'delete'
      ? `You deleted this ${label}, but someone else changed it on the server in the meantime.`
      : `Someone else changed this ${label} on the server while your change was waiting to be sent.`
  }
  const what = {
    create: `this new ${label}`,
    update: 'this change',
    delete: 'this deletion',
    upload: 'this image',
  }
  return `The server did not accept ${what[op.kind]}. It is kept on this device.`
}

/** What the toast says once a conflict is settled. */
export function resolvedText(op: OutboxOp, choices: Record<string, Choice>): string {
  const theirs = "The server's version is shown again."
  if (op.kind === 'delete')
    return choices.record === 'mine' ? 'Your deletion will be sent to the server.' : theirs
  const picked = Object.keys(op.patch).map((field) => choices[field] ?? 'mine')
  if (picked.every((choice) => choice === 'theirs')) return theirs
  if (picked.every((choice) => choice === 'mine')) return 'Your version will be sent to the server.'
  return "Your choices will be sent to the server; the other fields show the server's values."
}

/**
 * The name of the record a change is about: from the local copy, or when that
 * is gone (a deletion) from the server's copy the conflict brought back, or
 * from the change itself.
 */
export function recordName(op: OutboxOp, row: object | undefined): string {
  const { label, displayName } = mirrored[op.collection]
  if (op.kind === 'upload') return typeof op.patch.filename === 'string' ? op.patch.filename : 'An image'
  return displayName(row ?? op.serverDoc ?? op.patch) || `Unnamed ${label}`
}

/** 'Contact', 'Company': the collection's word at the start of a line. */
export function collectionTitle(collection: OutboxOp['collection']): string {
  const { label } = mirrored[collection]
  return label.charAt(0).toUpperCase() + label.slice(1)
}
