/**
 * The route tree, code-based; the entities' routes come from their screen descriptions. Every screen is its own chunk, so
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
import type { CollectionName } from '../domain/collections'
import { NotFoundPage } from '../features/not-found/not-found-page'
import { type EntityScreen, SCREENS } from '../features/records/screens'
import { safeRedirect } from '../session/safe-redirect'
import { ErrorPage } from './error-page'
import { guestOnly, requireAdmin, requireUser } from './guards'
import { PendingPage } from './pending-page'
import { firstInstallEnded } from './pwa-register'
import { RootLayout } from './root-layout'
import type { AppRouterContext } from './router-context'

const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

/** A path that only forwards somewhere else: '/' and '/admin' to the overview, '/contacts' to its list… */
const forward = (path: string, to: '/admin/overview' | '/users/me' | EntityScreen['paths']['list']) =>
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

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  staticData: { title: 'Register' },
  beforeLoad: guestOnly,
  component: lazyRouteComponent(() => import('../features/auth/register-page'), 'RegisterPage'),
})

/** Outside the signed-in layout: a locked app loads no records at all. */
const lockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lock',
  staticData: { title: 'Lock' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: requireUser,
  component: lazyRouteComponent(() => import('../features/lock/lock-page'), 'LockPage'),
})

/** Every signed-in screen sits under this pathless layout: the guard, the sync runtime, the shell. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  // The service worker's first install ends before a signed-in screen opens (pwa-register.ts).
  beforeLoad: (context) => {
    requireUser(context)
    return firstInstallEnded()
  },
  component: lazyRouteComponent(() => import('./layout/signed-in-layout'), 'SignedInLayout'),
})

const overviewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/overview',
  staticData: { title: 'Overview' },
  component: lazyRouteComponent(() => import('../features/dashboard/overview-page'), 'OverviewPage'),
})

/** Its own chunk, with the chart library: no other screen loads either. */
const statsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/stats',
  staticData: { title: 'Stats' },
  component: lazyRouteComponent(() => import('../features/dashboard/stats-page'), 'StatsPage'),
})

/** Every entity's list, add, edit, Trash and merge screens, from its description (features/records/screens.ts). */
const listPage = lazyRouteComponent(() => import('../features/records/list-page'), 'ListPage')
const addPage = lazyRouteComponent(() => import('../features/records/add-page'), 'AddPage')
const editPage = lazyRouteComponent(() => import('../features/records/edit-page'), 'EditPage')
const trashPage = lazyRouteComponent(() => import('../features/records/trash-page'), 'TrashPage')
const mergePage = lazyRouteComponent(() => import('../features/records/merge-page'), 'MergePage')
const importPage = lazyRouteComponent(() => import('../features/records/import-page'), 'ImportPage')
/** Entities whose edit screen adds something of its own (an info card, a jump to another record). */
const ownEditPages: Partial<Record<CollectionName, typeof editPage>> = {
  contacts: lazyRouteComponent(() => import('../features/contacts'), 'EditContactPage'),
  companies: lazyRouteComponent(() => import('../features/companies'), 'EditCompanyPage'),
}

/** The text values of a search, by field name (a relation's is the related record's id): anything else is dropped. */
const typedValues = (search: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )

function entityRoutes<C extends CollectionName>(screen: EntityScreen<C>) {
  const { collection, paths, titles } = screen
  return [
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.list,
      staticData: { title: titles.list, collection },
      component: listPage,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.add,
      staticData: { title: titles.add, collection },
      // What another screen carried for the new record (a company's name typed in 'Go to company', the
      // company a contact is added from): features/records/carried-values.ts.
      validateSearch: typedValues,
      component: addPage,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.edit,
      staticData: { title: titles.edit, collection },
      component: ownEditPages[collection] ?? editPage,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.trash,
      staticData: { title: titles.trash, collection },
      // Admins only: a User finds no such page (and the server refuses the calls).
      beforeLoad: requireAdmin,
      component: trashPage,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.merge,
      staticData: { title: titles.merge, collection },
      // The record merged into the one in the path.
      validateSearch: (search: Record<string, unknown>) =>
        typeof search.with === 'string' ? { with: search.with } : {},
      beforeLoad: requireAdmin,
      component: mergePage,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: paths.import,
      staticData: { title: titles.import, collection },
      component: importPage,
    }),
  ] as const
}

/** Staff administration, Admins only (the server refuses the calls to a User too). */
const staffRoutes = [
  createRoute({
    getParentRoute: () => signedInRoute,
    path: '/admin/users',
    staticData: { title: 'Users' },
    beforeLoad: requireAdmin,
    component: lazyRouteComponent(() => import('../features/staff/staff-list-page'), 'StaffListPage'),
  }),
  createRoute({
    getParentRoute: () => signedInRoute,
    path: '/admin/users/add',
    staticData: { title: 'Add User' },
    beforeLoad: requireAdmin,
    component: lazyRouteComponent(() => import('../features/staff/add-staff-page'), 'AddStaffPage'),
  }),
  createRoute({
    getParentRoute: () => signedInRoute,
    path: '/admin/users/edit/$id',
    staticData: { title: 'Edit User' },
    beforeLoad: requireAdmin,
    component: lazyRouteComponent(() => import('../features/staff/edit-staff-page'), 'EditStaffPage'),
  }),
] as const

const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/users/me',
  staticData: { title: 'My Profile' },
  component: lazyRouteComponent(() => import('../features/profile/profile-page'), 'ProfilePage'),
})

const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/users/settings',
  staticData: { title: 'Settings' },
  component: lazyRouteComponent(() => import('../features/settings/settings-page'), 'SettingsPage'),
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
  forward('/users', '/users/me'),
  ...SCREENS.map((screen) => forward(screen.paths.section, screen.paths.list)),
  loginRoute,
  registerRoute,
  lockRoute,
  signedInRoute.addChildren([
    overviewRoute,
    statsRoute,
    ...SCREENS.flatMap(entityRoutes),
    ...staffRoutes,
    profileRoute,
    settingsRoute,
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
    // a lazily loaded screen shows its loading state after 200 ms, not at once.
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
    /** The route's name in the top bar. */
    title?: string
  }
}
