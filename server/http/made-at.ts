/**
 * `Outpost-Made-At`: when the device made a change it sends later (queued
 * offline, perhaps), kept in the record's history beside the server's own
 * time. Absent, the change was made as it arrived.
 */
import type { FastifyRequest } from 'fastify'
import { MADE_AT_HEADER } from '../../src/domain/rest'
import { badRequest } from './errors'

/** An ISO 8601 time in UTC, as Date.toISOString() writes it (seconds' fraction optional). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

export function madeAtOf(request: FastifyRequest): Date | undefined {
  const header = request.headers[MADE_AT_HEADER]
  if (header === undefined) return undefined
  return madeAtFrom(Array.isArray(header) ? (header[0] ?? '') : header)
}

/** The time a change was made, as its header (or a batch's `madeAt`) spells it; else the 400. */
export function madeAtFrom(text: string): Date {
  const time = ISO_UTC.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN
  if (Number.isNaN(time))
    throw badRequest('Outpost-Made-At must be a UTC time such as 2026-11-27T10:00:00.000Z.')
  // A device's clock may run ahead of the server's: a change is never made after it arrived.
  return new Date(Math.min(time, Date.now()))
}
