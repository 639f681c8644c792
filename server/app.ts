/**
 * buildApp: the whole HTTP server as a ready Fastify instance over an open,
 * migrated database. main.ts listens with it; tests drive it with app.inject.
 */
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { DEFAULT_LOCKOUT, type LockoutPolicy } from './auth/lockout'
import { serverCollections } from './collections/registry'
import type { Db } from './db/open'
import { frameworkError, installErrorHandlers } from './http/error-handler'
import { tooManyRequests } from './http/errors'
import { installWriteGuard } from './http/guard'
import { parseQueryString } from './http/query'
import { installSessions } from './http/session'
import { authRoutes } from './routes/auth'
import { collectionRoutes } from './routes/collection'
import { imageRoutes } from './routes/images'
import { registerRoutes } from './routes/register'
import { type Fallback, serveStatic } from './routes/static'
import { syncRoutes } from './routes/sync'
import { DEFAULT_UPLOAD_MAX_BYTES, uploadRoutes } from './routes/uploads'
import { userRoutes } from './routes/users'

export interface AppOptions {
  db: Db
  /** The built PWA (dist/); served when it holds an index.html. */
  staticDir?: string
  logger?: FastifyServerOptions['logger']
  /** Sessions end after this many days without use (default 14). */
  sessionIdleDays?: number
  /**
   * Login and register attempts per IP (default 20 a minute); false turns the limit off.
   * Counted in this process's memory: with several processes an IP gets this many per process.
   * The per-account limit below is the one that holds across processes (it lives in the database).
   */
  loginRateLimit?: { max: number; timeWindow: number | string } | false
  /** Failed sign-ins per account before a lock for the window (default 5 in 15 minutes); false: off. */
  accountLockout?: LockoutPolicy | false
  /** Behind a reverse proxy: trust X-Forwarded-* for protocol (Secure cookie, Origin check) and IP. */
  trustProxy?: boolean
  /** Largest image upload in bytes (default 5 MB). */
  uploadMaxBytes?: number
  /** Whether POST /api/register creates accounts (default false: 403). */
  registrationOpen?: boolean
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
    frameworkErrors: frameworkError,
  })

  let fallback: Fallback | undefined
  installErrorHandlers(app, (request, reply) => fallback?.(request, reply))

  // No upgrade-insecure-requests (helmet's default): the app may be served over plain HTTP on a LAN.
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } })
  await app.register(cookie)
  // Each multipart route reads its body with its own limits (http/multipart.ts); these are the ceiling.
  const uploadMaxBytes = options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES
  await app.register(multipart, {
    limits: { fields: 20, fieldSize: 64 * 1024, files: 1, fileSize: uploadMaxBytes, parts: 21 },
  })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  })

  installWriteGuard(app)
  installSessions(app, db, idleDays)

  const loginRateLimit = options.loginRateLimit ?? { max: 20, timeWindow: '1 minute' }
  authRoutes(app, db, { idleDays, loginRateLimit, accountLockout: options.accountLockout ?? DEFAULT_LOCKOUT })
  registerRoutes(app, db, { open: options.registrationOpen ?? false, rateLimit: loginRateLimit })
  userRoutes(app, db)
  for (const collection of serverCollections) collectionRoutes(app, db, collection)
  uploadRoutes(app, db, { maxBytes: uploadMaxBytes })
  imageRoutes(app, db)
  syncRoutes(app, db)

  if (options.staticDir) fallback = await serveStatic(app, options.staticDir)

  await app.ready()
  return app
}
