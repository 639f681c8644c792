/** How the signed-in user is named on screen: sidebar, lock screen, greeting. */
import { imageUrl } from '../domain/images'
import type { SessionUser } from './stored-user'

/** Their full name, else their email: never the role, which is no name. */
export function displayName(user: SessionUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Signed in'
}

export function initials(user: SessionUser) {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('')
  return (letters || user.email.charAt(0) || '?').toUpperCase()
}

export const photoUrl = (user: SessionUser) => (user.image ? imageUrl('user-image', user.image) : null)
