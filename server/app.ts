/**
 * buildApp: the whole HTTP server as a ready Fastify instance over an open,
 * migrated database. main.ts listens with it; tests drive it with app.inject.
 */
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serverCollections } from './collections/registry'
import type { Db } from './db/open'
import { installErrorHandlers } from './http/error-handler'
import { tooManyRequests } from './http/errors'
import { installWriteGuard } from './http/guard'
import { parseQueryString } from './http/query'
import { installSessions } from './http/session'
import { authRoutes } from './routes/auth'
import { collectionRoutes } from './routes/collection'
import { type Fallback, serveStatic } from './routes/static'
import { syncRoutes } from './routes/sync'

export interface AppOptions {
  db: Db
  /** The built PWA (dist/); served when it holds an index.html. */
  staticDir?: string
  logger?: FastifyServerOptions['logger']
  /** Sessions end after this many days without use (default 14). */
  sessionIdleDays?: number
  /** Login attempts per IP (default 10 a minute); false turns the limit off. */
  loginRateLimit?: { max: number; timeWindow: number | string } | false
  /** Behind a reverse proxy: trust X-Forwarded-* for protocol (Secure cookie, Origin check) and IP. */
  trustProxy?: boolean
}

export const JSON_BODY_LIMIT = 1024 * 1024

/** The PWA's Content-Security-Policy; nothing loads from anywhere but here. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options
  const idleDays = options.sessionIdleDays ?? 14
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { querystringParser: parseQueryString },
  })

  let fallback: Fallback | undefined
  installErrorHandlers(app, (request, reply) => fallback?.(request, reply))

  // No upgrade-insecure-requests (helmet's default): the app may be served over plain HTTP on a LAN.
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } })
  await app.register(cookie)
  // Login's form fields only for now; uploads (issue #4) will set their own file limits.
  await app.register(multipart, {
    limits: { fields: 20, fieldSize: 64 * 1024, files: 1, fileSize: 1024 * 1024 },
  })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  })

  installWriteGuard(app)
  installSessions(app, db, idleDays)

  authRoutes(app, db, {
    idleDays,
    loginRateLimit: options.loginRateLimit ?? { max: 10, timeWindow: '1 minute' },
  })
  for (const collection of serverCollections) collectionRoutes(app, db, collection)
  syncRoutes(app, db)

  if (options.staticDir) fallback = await serveStatic(app, options.staticDir)

  await app.ready()
  return app
}
