/**
 * Reads a multipart/form-data body (login's form, image uploads) into its
 * fields and at most one file, with limits, and turns every parser failure
 * into a 4xx with the error body: a broken boundary, a truncated part or a
 * file over the limit is the client's doing, never a 500.
 */
import type { FastifyRequest } from 'fastify'
import { ApiError, badRequest, tooLarge } from './errors'

export interface FormFile {
  fieldname: string
  filename: string
  bytes: Buffer
}

export interface Form {
  fields: Record<string, string>
  file?: FormFile
}

export interface FormLimits {
  /** Bytes the file may have (413 beyond). */
  maxFileBytes: number
  maxFields?: number
}

const FIELD_BYTES = 64 * 1024

function formError(error: unknown, limits: FormLimits): ApiError {
  if (error instanceof ApiError) return error
  const code = (error as { code?: unknown }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const megabytes = Math.round((limits.maxFileBytes / 1024 / 1024) * 10) / 10
    return tooLarge(`The file is larger than the limit of ${megabytes} MB.`)
  }
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one file at a time.')
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest('The form has too many fields.')
  if (code === 'FST_PROTO_VIOLATION') return badRequest('A form field has a forbidden name.')
  return badRequest('The multipart body is malformed.')
}

export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<Form> {
  const form: Form = { fields: {} }
  try {
    const parts = request.parts({
      limits: {
        fields: limits.maxFields ?? 20,
        fieldSize: FIELD_BYTES,
        files: 1,
        fileSize: limits.maxFileBytes,
        parts: (limits.maxFields ?? 20) + 1,
      },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`The form field ${part.fieldname} is too long.`)
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value)
        continue
      }
      form.file = { fieldname: part.fieldname, filename: part.filename, bytes: await part.toBuffer() }
    }
  } catch (error) {
    throw formError(error, limits)
  }
  return form
}
