/**
 * The application/json body parser: Fastify's own (which refuses `__proto__`
 * and `constructor.prototype` keys), behind a check of how deeply the text
 * nests. Everything that walks a body (validation, the NUL check, drizzle)
 * would otherwise meet a 5,000-level array within the 1 MB limit, and a
 * recursive walk of it overflows the stack: a 500 instead of a 400. No body
 * the app takes nests beyond a few levels (rich text: at most 8 nodes deep).
 */
import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors'

const MAX_JSON_DEPTH = 64

const OPEN_OBJECT = 0x7b // {
const OPEN_ARRAY = 0x5b // [
const CLOSE_OBJECT = 0x7d // }
const CLOSE_ARRAY = 0x5d // ]
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \

/**
 * Whether the text opens more than `max` objects and arrays inside one another.
 * One pass, no recursion; brackets inside strings (escaped quotes included) do
 * not count. Text that is not JSON is left for the parser to refuse.
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max) return true
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--
    }
  }
  return false
}

/** Replaces the default parser; the body limit stays the app's (JSON_BODY_LIMIT). */
export function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string // parseAs: 'string'
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(`The JSON body nests too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined)
      return
    }
    parse(request, text, done)
  })
}
