/**
 * The server never loads Fastify's JSON-schema compilers (server/http/no-schemas.ts):
 * routes parse their input with valibot. A route that declared a schema anyway
 * stops the server at start, saying why, instead of being half-validated.
 */
import Fastify from 'fastify'
import { expect, it } from 'vitest'
import { NO_SCHEMA_COMPILERS } from '../../../server/http/no-schemas'

it('starts routes without schemas, and refuses a route that declares one', async () => {
  const plain = Fastify({ schemaController: NO_SCHEMA_COMPILERS })
  plain.get('/plain', async () => ({ ok: true }))
  await plain.ready()
  expect((await plain.inject({ url: '/plain' })).json()).toEqual({ ok: true })
  await plain.close()

  const withSchema = Fastify({ schemaController: NO_SCHEMA_COMPILERS })
  withSchema.post('/body', { schema: { body: { type: 'object' } } }, async () => ({}))
  await expect(withSchema.ready()).rejects.toThrow(/validate with valibot/)
})
