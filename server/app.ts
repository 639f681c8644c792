/**
 * buildApp: the whole HTTP server as a ready Fastify instance over an open,
 * migrated database. main.ts listens with it; tests drive it with app.inject.
 */
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { DEFAULT_TRASH_DAYS } from '../src/domain/trash'
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './auth/sessions'
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './auth/sign-in-limits'
import { serverCollections } from './collections/registry'
import type { Db } from './db/open'
import { installAccessControl } from './http/access'
import { clientErrorHandler, installConnectRefusal } from './http/client-error'
import {
  capConnectionsPerAddress,
  DEFAULT_TIMEOUTS,
  type HttpTimeouts,
  timeoutOptions,
} from './http/connections'
import { frameworkError, installErrorHandlers } from './http/error-handler'
import { installExpectationHandler } from './http/expectation'
import { installSecurityHeaders } from './http/headers'
import { installJsonParser } from './http/json'
import { NO_SCHEMA_COMPILERS } from './http/no-schemas'
import { installOwnOrigin, ownOrigin } from './http/origin'
import { parseQueryString } from './http/query'
import { DEFAULT_FEED_STREAM_OPTIONS, type FeedStreamOptions, FeedStreams } from './realtime/feed-streams'
import { DEFAULT_PRESENCE_OPTIONS, type PresenceOptions } from './realtime/presence'
import { startPresence } from './realtime/start-presence'
import { authRoutes } from './routes/auth'
import { batchRoutes } from './routes/batch'
import { collectionRoutes } from './routes/collection'
import { imageRoutes } from './routes/images'
import { presenceRoutes } from './routes/presence'
import { registerRoutes } from './routes/register'
import { serveStatic } from './routes/static'
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
  /** Sessions end this many days after their sign-in, however used (default 30). */
  sessionMaxDays?: number
  /** The most a request may take to arrive, headers and body (default 120; http/connections.ts). */
  requestTimeoutSeconds?: number
  /** The other deadlines (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>
  /** Open connections per client address (default 100; 0 for none; never applied behind a proxy). */
  maxConnectionsPerAddress?: number
  /**
   * How often a password may be tried, per address, per account and address, and per
   * account (auth/sign-in-limits.ts); counted in the database, so across processes.
   */
  signInLimits?: Partial<SignInLimits>
  /**
   * Behind reverse proxies: how many proxy hops to trust for X-Forwarded-For/-Proto/-Host
   * (the client address, HTTPS). Only those hops: a client cannot name its own address.
   */
  trustProxy?: number
  /** The address staff use (PUBLIC_URL): the origin writes must come from, and the host name. */
  publicUrl?: string
  /** Other host names this server answers to (loopback names always). */
  hostNames?: string[]
  /** Largest image upload in bytes (default 5 MB). */
  uploadMaxBytes?: number
  /** Whether POST /api/register creates accounts (default false: 403). */
  registrationOpen?: boolean
  /** How many days a deleted record can be restored from the Trash (default 30). */
  trashDays?: number
  /** The feed streams' heartbeat and unread-text bound (realtime/feed-streams.ts; tests shorten them). */
  feedStreams?: Partial<FeedStreamOptions>
  /** How long a screen's word that it is open lasts, and how many are kept (tests shorten them). */
  presence?: Partial<PresenceOptions>
}

export const JSON_BODY_LIMIT = 1024 * 1024

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options
  const sessions: SessionPolicy = {
    idleDays: options.sessionIdleDays ?? DEFAULT_SESSION_POLICY.idleDays,
    maxDays: options.sessionMaxDays ?? DEFAULT_SESSION_POLICY.maxDays,
  }
  const timeouts = {
    ...DEFAULT_TIMEOUTS,
    ...(options.requestTimeoutSeconds ? { requestMs: options.requestTimeoutSeconds * 1000 } : {}),
    ...options.timeouts,
  }
  const app = Fastify({
    logger: options.logger ?? false,
    ...timeoutOptions(timeouts),
    bodyLimit: JSON_BODY_LIMIT,
    // The socket's peer is hop 0; each trusted proxy adds one. Beyond them, X-Forwarded-For is the client's own say.
    trustProxy: options.trustProxy
      ? (_address: string, hop: number) => hop < (options.trustProxy ?? 0)
      : false,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: frameworkError,
    clientErrorHandler,
    schemaController: NO_SCHEMA_COMPILERS,
  })

  if (!options.trustProxy) capConnectionsPerAddress(app.server, options.maxConnectionsPerAddress ?? 100)
  installErrorHandlers(app)
  installJsonParser(app)

  await installSecurityHeaders(app)
  await app.register(cookie)
  // Each multipart route reads its body with its own limits (http/multipart.ts); these are the ceiling.
  const uploadMaxBytes = options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES
  await app.register(multipart, {
    limits: { fields: 20, fieldSize: 64 * 1024, files: 1, fileSize: uploadMaxBytes, parts: 21 },
  })
  // Before any route: every route from here on must declare who may call it.
  const own = ownOrigin({ publicUrl: options.publicUrl, hostNames: options.hostNames })
  installOwnOrigin(app, own)
  installExpectationHandler(app.server)
  installConnectRefusal(app.server)
  installAccessControl(app, db, { sessions, ownOrigin: own })

  const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits }
  authRoutes(app, db, { sessions, limits })
  registerRoutes(app, db, { open: options.registrationOpen ?? false, limits })
  userRoutes(app, db, limits)
  const trashDays = options.trashDays ?? DEFAULT_TRASH_DAYS
  for (const collection of serverCollections) collectionRoutes(app, db, collection, { trashDays })
  uploadRoutes(app, db, { maxBytes: uploadMaxBytes })
  imageRoutes(app, db)
  const presence = startPresence(db, { ...DEFAULT_PRESENCE_OPTIONS, ...options.presence })
  const feedStreams = new FeedStreams(db, sessions, presence.presence, {
    ...DEFAULT_FEED_STREAM_OPTIONS,
    ...options.feedStreams,
  })
  // Before the server waits for its connections to end: a stream never ends on its own.
  app.addHook('preClose', async () => {
    await feedStreams.close()
    await presence.stop()
  })
  syncRoutes(app, db, feedStreams)
  batchRoutes(app, db)
  presenceRoutes(app, presence.presence)

  if (options.staticDir) await serveStatic(app, options.staticDir)

  await app.ready()
  return app
}
