/**
 * Who is signed in, as this device remembers it. after login the
 * role and the user id are kept in local storage (the role under `userRole`),
 * and both are cleared on logout. The profile is kept beside them so the
 * sidebar shows the user's name with no network. No network code here: the
 * route guards read this on the first screen.
 */
import type { RoleName, User } from '../domain/rest'
import { isKnownAccount, rememberAccount } from './known-accounts'
import type { SessionUser } from './session-user'
import { storageSignal } from './storage-signal'

export type { SessionUser } from './session-user'

export const AUTH_KEYS = { role: 'userRole', id: 'userId', profile: 'userProfile' } as const

export function storedUser(storage: Storage = localStorage): SessionUser | null {
  const id = storage.getItem(AUTH_KEYS.id)
  const role = storage.getItem(AUTH_KEYS.role) as RoleName | null
  if (!id || !role) return null
  try {
    const profile = JSON.parse(storage.getItem(AUTH_KEYS.profile) ?? '{}') as Partial<SessionUser>
    return { email: '', firstName: '', lastName: '', image: null, ...profile, id, role }
  } catch {
    return { id, role, email: '', firstName: '', lastName: '', image: null }
  }
}

/** Told when this tab stores a new profile (a save on My Profile, an Admin's change synced) or another tab does. */
const userSignal = storageSignal((key) => key === AUTH_KEYS.profile)
export const subscribeStoredUser = userSignal.subscribe

/** What changes when the stored user does, as one string: a stable snapshot for React. */
export const storedUserSnapshot = (storage: Storage = localStorage) =>
  `${storage.getItem(AUTH_KEYS.id)}|${storage.getItem(AUTH_KEYS.role)}|${storage.getItem(AUTH_KEYS.profile)}`

/** What this device keeps of an account as the API answers it. */
export const sessionOf = (user: User): SessionUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role.roleName,
  image: user.userImage?.filename ?? null,
})

export function storeSession(session: SessionUser, storage: Storage = localStorage): SessionUser {
  storage.setItem(AUTH_KEYS.id, session.id)
  storage.setItem(AUTH_KEYS.role, session.role)
  storage.setItem(AUTH_KEYS.profile, JSON.stringify(session))
  // The profile offline sign-in finds by email follows a new email or name.
  if (isKnownAccount(session.id, storage)) rememberAccount(session, storage)
  userSignal.announce()
  return session
}

export const storeUser = (user: User, storage: Storage = localStorage) =>
  storeSession(sessionOf(user), storage)

/** The signed-in screens follow (to /login): a sign-out the server forced comes from no click. */
export function clearUser(storage: Storage = localStorage) {
  for (const key of Object.values(AUTH_KEYS)) storage.removeItem(key)
  userSignal.announce()
}
