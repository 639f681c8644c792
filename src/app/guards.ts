/**
 * Route guards: a signed-out visitor of a signed-in route goes to
 * /login, remembering where they were going; a signed-in user opening a
 * guest route goes to /.
 */
import { notFound, type ParsedLocation, redirect } from '@tanstack/react-router'
import { storedUser } from '../session/stored-user'

export function requireUser({ location }: { location: ParsedLocation }) {
  if (!storedUser()) throw redirect({ to: '/login', search: { redirect: location.href } })
}

export function guestOnly() {
  if (storedUser()) throw redirect({ to: '/' })
}

/** Staff administration: a User finds no such page (the server refuses its calls as well). */
export function requireAdmin() {
  if (storedUser()?.role !== 'Admin') throw notFound()
}
