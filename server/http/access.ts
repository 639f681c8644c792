/**
 * Who may call each route is declared in the route's own options and checked
 * by hooks attached to that route, never by reading the URL: a path can be
 * spelled many ways (`/%61pi/…`, `//api`, dot segments), but once the router
 * has chosen a route, that route's hooks run whatever the spelling.
 *
 *     app.get('/api/contacts', { config: { access: SIGNED_IN } }, handler)
 *
 * A route registered without a declaration stops the server at start (the
 * onRoute hook below throws), so nothing is reachable by omission.
 *
 * The hooks judge a request when its headers arrive; a write acts when its
 * body has arrived, which may be later (http/connections.ts bounds how much).
 * So every write asks again at the moment it acts, inside its transaction
 * under the write lock: `request.confirmAccess(tx)` (http/idempotency.ts
 * calls it for every write): a session ended, or an Admin made a User, in the
 * meantime turns the write away.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify'
import type { User } from '../../src/domain/rest'
import { isAdmin, ROLE_IDS, roleOf } from '../../src/domain/user'
import {
  findSession,
  hashToken,
  SESSION_COOKIE,
  type SessionPolicy,
  secondsLeft,
  sessionHolderNow,
  TOUCH_INTERVAL_MS,
  touchSession,
} from '../auth/sessions'
import type { Db } from '../db/open'
import type { Tx } from '../db/write'
import { forbidden, unauthorized } from './errors'
import { checkSameOrigin, type OwnOrigin, WRITES } from './origin'
import { setSessionCookie } from './session-cookie'

export interface RouteAccess {
  /** Anyone; anyone with a live session; or Admins only. */
  who: 'public' | 'signedIn' | 'admin'
  /**
   * Refuse the request when the browser says it comes from another site, and
   * refuse write bodies a cross-site form could send (CSRF). Every write checks;
   * only pages a link from elsewhere may open (the app shell) turn it off.
   */
  sameOrigin: boolean
}

export const PUBLIC: RouteAccess = { who: 'public', sameOrigin: true }
export const SIGNED_IN: RouteAccess = { who: 'signedIn', sameOrigin: true }
export const ADMIN: RouteAccess = { who: 'admin', sameOrigin: true }
/** The app shell and its files: no private data, and reachable from a link in an email. */
export const SHELL: RouteAccess = { who: 'public', sameOrigin: false }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
  }
  interface FastifyRequest {
    user: User | null
    /** The raw token of the current session, for logout. */
    sessionToken: string | null
    /**
     * Judges the request again as it stands inside the write's transaction:
     * 401 when its session has ended since its headers arrived, 403 when its
     * user was an Admin then and is not now. A no-op for public routes.
     */
    confirmAccess(tx: Tx): Promise<void>
  }
  interface FastifyInstance {
    /** Every route with its declared access, as registered (for the access tests). */
    declaredRoutes: DeclaredRoute[]
  }
}

export interface DeclaredRoute {
  method: string
  url: string
  access: RouteAccess
}

const WHO = new Set(['public', 'signedIn', 'admin'])

function validAccess(value: unknown): value is RouteAccess {
  const access = value as Partial<RouteAccess> | undefined
  return (
    typeof access === 'object' &&
    access !== null &&
    WHO.has(access.who as string) &&
    typeof access.sameOrigin === 'boolean'
  )
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method])

const hooksOf = (value: RouteOptions['onRequest']): onRequestHookHandler[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value]

export interface AccessOptions {
  sessions: SessionPolicy
  ownOrigin: OwnOrigin
}

const accessOf = (request: FastifyRequest): RouteAccess | undefined => request.routeOptions.config.access

export function installAccessControl(app: FastifyInstance, db: Db, options: AccessOptions) {
  const { sessions } = options
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.decorate('declaredRoutes', [] as DeclaredRoute[])

  /** Who is asking: the live session behind the cookie, if any. */
  async function readSession(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    const session = await findSession(db, token, sessions)
    if (!session) return
    request.user = session.user
    request.sessionToken = token
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(db, session)
      // The cookie's own expiry slides with the server's idle window, up to the session's last day.
      setSessionCookie(request, reply, token, secondsLeft(sessions, session.createdAt))
    }
  }

  app.decorateRequest('confirmAccess', async function (this: FastifyRequest, tx: Tx) {
    const access = accessOf(this)
    if (!access || access.who === 'public') return
    const judged = this.user
    if (!judged || !this.sessionToken) throw unauthorized()
    const now = await sessionHolderNow(db, tx, hashToken(this.sessionToken), sessions)
    if (!now || now.userId !== judged.id) throw unauthorized()
    const role = roleOf(now.roleId)
    // Lost the Admin role since: whatever the handler decided as an Admin no longer holds.
    if (isAdmin(judged) && role.id !== ROLE_IDS.Admin) throw forbidden()
    this.user = { ...judged, role }
  })

  const enforce =
    (access: RouteAccess): onRequestHookHandler =>
    async (request, reply) => {
      // Cross-site first: a forged request learns nothing, not even whether its cookie still works.
      if (access.sameOrigin) checkSameOrigin(request, options.ownOrigin)
      await readSession(request, reply)
      if (access.who === 'public') return
      if (!request.user) throw unauthorized()
      if (access.who === 'admin' && !isAdmin(request.user)) throw forbidden()
    }

  app.addHook('onRoute', (route) => {
    const access = route.config?.access
    const methods = methodsOf(route)
    const name = `${methods.join(',')} ${route.url}`
    if (!validAccess(access)) {
      throw new Error(`${name} declares no access: add config.access (PUBLIC, SIGNED_IN, ADMIN or SHELL).`)
    }
    if (!access.sameOrigin && methods.some((method) => WRITES.has(method))) {
      throw new Error(`${name} is a write: it must check the Origin (sameOrigin: true).`)
    }
    route.onRequest = [enforce(access), ...hooksOf(route.onRequest)]
    for (const method of methods) app.declaredRoutes.push({ method, url: route.url, access })
  })
}
