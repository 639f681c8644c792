/**
 * The sidebar's entries as data: an entry shows only if its roles list
 * contains the stored role. The entities' entries come from their screen
 * descriptions (features/records/screens.ts), like their routes.
 */
import type { LinkProps } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import type { RoleName } from '../../domain/rest'
import { SCREENS } from '../../features/records/screens'
import { DashboardIcon, SyncIcon, UsersIcon } from '../../ui/icons'

export interface NavLinkEntry {
  label: string
  to: NonNullable<LinkProps['to']>
  /** The entry is current on every path under this one (e.g. the contact edit screen). */
  section: string
  roles: readonly RoleName[]
  icon?: ComponentType
  /** A live count shown beside the label when it is above zero. */
  badge?: 'syncIssues'
}

export interface NavGroupEntry {
  label: string
  roles: readonly RoleName[]
  icon: ComponentType
  children: readonly NavLinkEntry[]
}

export type NavEntry = NavLinkEntry | NavGroupEntry

const everyone: readonly RoleName[] = ['Admin', 'User']
const adminOnly: readonly RoleName[] = ['Admin']

export const navigation: readonly NavEntry[] = [
  {
    label: 'Dashboard',
    icon: DashboardIcon,
    // The product marks the group itself Admin-only, which would hide its children from Users; both roles see it.
    roles: everyone,
    children: [
      { label: 'Overview', to: '/admin/overview', section: '/admin/overview', roles: everyone },
      { label: 'Stats', to: '/admin/stats', section: '/admin/stats', roles: everyone },
    ],
  },
  ...SCREENS.map((screen) => ({
    label: screen.nav.label,
    icon: screen.nav.icon,
    to: screen.paths.list,
    section: screen.paths.section,
    roles: everyone,
  })),
  {
    label: 'Admin',
    icon: UsersIcon,
    roles: adminOnly,
    children: [{ label: 'Users', to: '/admin/users', section: '/admin/users', roles: adminOnly }],
  },
  {
    label: 'Sync issues',
    icon: SyncIcon,
    to: '/sync-issues',
    section: '/sync-issues',
    roles: everyone,
    badge: 'syncIssues',
  },
]

export const isGroup = (entry: NavEntry): entry is NavGroupEntry => 'children' in entry

export function isCurrent(entry: NavLinkEntry, pathname: string) {
  return pathname === entry.section || pathname.startsWith(`${entry.section}/`)
}

/** The entries this role may see; a group with no visible child is dropped. */
export function visibleNavigation(
  role: RoleName | undefined,
  entries: readonly NavEntry[] = navigation,
): NavEntry[] {
  if (!role) return []
  return entries.flatMap((entry): NavEntry[] => {
    if (!entry.roles.includes(role)) return []
    if (!isGroup(entry)) return [entry]
    const children = entry.children.filter((child) => child.roles.includes(role))
    return children.length ? [{ ...entry, children }] : []
  })
}
