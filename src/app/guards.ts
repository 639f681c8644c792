/**
 * Route guards (SPEC.md §4): a signed-out visitor of a signed-in route goes to
 * /login, remembering where they were going; a signed-in user opening a
 * guest route goes to /.
 */
import { type ParsedLocation, redirect } from '@tanstack/react-router'

import { storedUser } from '../sync/stored-user'

export function requireUser({ location }: { location: ParsedLocation }) {
  if (!storedUser()) throw redirect({ to: '/login', search: { redirect: location.href } })
}

export function guestOnly() {
  if (storedUser()) throw redirect({ to: '/' })
}

/** Only a path inside this app is followed after login (never another site: `//evil.example`). */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return undefined
  if (target.startsWith('/login')) return undefined
  return target
}
