/**
 * The route tree (SPEC.md §2), code-based. Every screen is its own chunk, so
 * the first screen loads only what it shows; the signed-in layout is a chunk
 * too, so the login page never loads the database and sync code.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router'
import { NotFoundPage } from '../features/not-found/not-found-page'
import { safeRedirect } from '../session/safe-redirect'
import { ErrorPage } from './error-page'
import { guestOnly, requireUser } from './guards'
import { PendingPage } from './pending-page'
import { RootLayout } from './root-layout'
import type { AppRouterContext } from './router-context'

const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

/** A path that only forwards somewhere else (SPEC.md §2: '/', '/admin', '/contacts'). */
const forward = (path: string, to: '/admin/overview' | '/contacts/list') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: () => {
      throw redirect({ to, replace: true })
    },
  })

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { title: 'Login' },
  // An explicit undefined: the raw parameter would otherwise pass through from the root's search.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/login-page'), 'LoginPage'),
})

/** Every signed-in screen sits under this pathless layout: the guard, the sync runtime, the shell. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: requireUser,
  component: lazyRouteComponent(() => import('./layout/signed-in-layout'), 'SignedInLayout'),
})

const overviewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/overview',
  staticData: { title: 'Overview' },
  component: lazyRouteComponent(() => import('../features/dashboard/overview-page'), 'OverviewPage'),
})

const contactsListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/contacts/list',
  staticData: { title: 'Contacts' },
  component: lazyRouteComponent(() => import('../features/contacts/contacts-list-page'), 'ContactsListPage'),
})

const addContactRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/contacts/add',
  staticData: { title: 'Add Contact' },
  component: lazyRouteComponent(() => import('../features/contacts/add-contact-page'), 'AddContactPage'),
})

export const editContactRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/contacts/edit/$id',
  staticData: { title: 'Edit Contact' },
  component: lazyRouteComponent(() => import('../features/contacts/edit-contact-page'), 'EditContactPage'),
})

const syncIssuesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/sync-issues',
  staticData: { title: 'Sync issues' },
  component: lazyRouteComponent(() => import('../features/sync-issues/sync-issues-page'), 'SyncIssuesPage'),
})

export const routeTree = rootRoute.addChildren([
  forward('/', '/admin/overview'),
  forward('/admin', '/admin/overview'),
  forward('/contacts', '/contacts/list'),
  loginRoute,
  signedInRoute.addChildren([
    overviewRoute,
    contactsListRoute,
    addContactRoute,
    editContactRoute,
    syncIssuesRoute,
  ]),
])

export function createAppRouter(options: { history?: RouterHistory; context?: AppRouterContext } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    context: options.context ?? {},
    // Any other path is the 404 page, whole-page, signed in or not.
    notFoundMode: 'root',
    defaultPreload: 'intent',
    // SPEC.md §9: a lazily loaded screen shows its loading state after 200 ms, not at once.
    defaultPendingMs: 200,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The route's name in the top bar (SPEC.md §2). */
    title?: string
  }
}
