/**
 * Signing in and out. SPEC.md §4: after login the role and the user id are
 * kept in local storage (the role under `userRole`), and both are cleared on
 * logout. The profile is kept beside them so the sidebar can show the user's
 * name with no network.
 */
import { login, logout } from '../api/calls'
import { fetchTransport, NetworkError, type Transport } from '../api/transport'
import type { RoleName, User } from '../domain/api'
import { isErrorBody, messages } from '../domain/errors'

export const AUTH_KEYS = { role: 'userRole', id: 'userId', profile: 'userProfile' } as const

export interface SessionUser {
  id: string
  email: string
  firstName: string
  lastName: string
  role: RoleName
}

export class SignInError extends Error {
  override name = 'SignInError'
}

export function storedUser(storage: Storage = localStorage): SessionUser | null {
  const id = storage.getItem(AUTH_KEYS.id)
  const role = storage.getItem(AUTH_KEYS.role) as RoleName | null
  if (!id || !role) return null
  try {
    const profile = JSON.parse(storage.getItem(AUTH_KEYS.profile) ?? '{}') as Partial<SessionUser>
    return { email: '', firstName: '', lastName: '', ...profile, id, role }
  } catch {
    return { id, role, email: '', firstName: '', lastName: '' }
  }
}

export function storeUser(user: User, storage: Storage = localStorage): SessionUser {
  const session: SessionUser = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role.roleName,
  }
  storage.setItem(AUTH_KEYS.id, session.id)
  storage.setItem(AUTH_KEYS.role, session.role)
  storage.setItem(AUTH_KEYS.profile, JSON.stringify(session))
  return session
}

export function clearUser(storage: Storage = localStorage) {
  for (const key of Object.values(AUTH_KEYS)) storage.removeItem(key)
}

interface SessionOptions {
  transport?: Transport
  storage?: Storage
}

/** Answers the signed-in user, or throws SignInError with the words to show under the form. */
export async function signIn(
  email: string,
  password: string,
  { transport = fetchTransport(), storage }: SessionOptions = {},
) {
  let answer: Awaited<ReturnType<typeof login>>
  try {
    answer = await login(transport, email, password)
  } catch (error) {
    if (error instanceof NetworkError)
      throw new SignInError('You are offline. Connect to the internet to sign in.')
    throw error
  }
  if (answer.status === 200) return storeUser(answer.body.user, storage)
  const body = answer.body as unknown
  throw new SignInError(isErrorBody(body) ? (body.errors[0]?.message ?? messages.generic) : messages.generic)
}

/** Ends the server session when it can; the local sign-out happens either way. */
export async function signOut({ transport = fetchTransport(), storage }: SessionOptions = {}) {
  clearUser(storage)
  try {
    await logout(transport)
  } catch {
    // Offline: the cookie expires on its own; nothing local is left to protect.
  }
}
