/**
 * Fastify's schema compilers, replaced by ones that refuse. Every route here
 * parses its input with the shared valibot schemas (collections/body.ts,
 * users/body.ts, http/query.ts), so no route declares a JSON schema; yet
 * Fastify loads Ajv and fast-json-stringify for every instance it creates,
 * about a quarter of a second of each start. A route that did declare one
 * stops the server at start with this message rather than half-validating.
 */
import type { FastifyServerOptions } from 'fastify'

const refuse = (): never => {
  throw new Error('Routes validate with valibot (src/domain); JSON schemas on routes are not compiled here.')
}

export const NO_SCHEMA_COMPILERS: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: refuse, buildSerializer: refuse },
}
