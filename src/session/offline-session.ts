/**
 * After a sign-in with no network the device has no proven server session:
 * the cookie it holds may be this user's (a log out that could not reach the
 * server), another user's, or none. Until the server says whose it is,
 * nothing is sent (src/sync/session-gate.ts). This module keeps which user is
 * unproven (localStorage, so a reload remembers) and, for this tab's life
 * only, the password typed at that sign-in (memory, never storage), so the
 * session renews itself when the network returns. A reload forgets the
 * password: the lock screen then asks for it once the server can check it.
 */
import { login, me } from '../transport/calls'
import { NetworkError, type Transport } from '../transport/http'
import { forgetAccount } from './known-accounts'
import { endLock, forgetVerifier } from './lock'
import { clearTries } from './password-tries'
import { clearUser, type SessionUser, storeUser } from './stored-user'

const UNPROVEN_KEY = 'unprovenSession'
const NOTICE_KEY = 'signInNotice'

/** The password typed at the offline sign-in, this tab only. */
let typed: { userId: string; password: string } | null = null

export function startUnproven(userId: string, password: string, storage: Storage = localStorage) {
  storage.setItem(UNPROVEN_KEY, userId)
  typed = { userId, password }
}

export const isUnproven = (userId: string, storage: Storage = localStorage) =>
  storage.getItem(UNPROVEN_KEY) === userId

/** The server accepted this device's session (or the device signed out): the typed password goes. */
export function endUnproven(storage: Storage = localStorage) {
  storage.removeItem(UNPROVEN_KEY)
  typed = null
}

/**
 * What renewing found: 'ok' (proven, or nothing to prove), 'offline' (no
 * answer yet: try again later), 'refused' (the server refused the password:
 * changed, or the account removed) or 'password' (no valid session, and this
 * tab no longer holds the password to renew it).
 */
export type Renewal = 'ok' | 'offline' | 'refused' | 'password'

export async function renewSession(
  transport: Transport,
  user: SessionUser,
  storage: Storage = localStorage,
): Promise<Renewal> {
  if (!isUnproven(user.id, storage)) return 'ok'
  try {
    // The cookie a log out offline could not end is still this user's: used as it is.
    const who = await me(transport)
    if (who.status === 200 && who.body.user?.id === user.id) {
      storeUser(who.body.user, storage)
      endUnproven(storage)
      return 'ok'
    }
    const password = typed?.userId === user.id ? typed.password : null
    if (password === null) return 'password'
    // Signing in replaces whatever cookie the device held (another user's too).
    const answer = await login(transport, user.email, password)
    if (answer.status === 200 && answer.body.user.id === user.id) {
      storeUser(answer.body.user, storage)
      endUnproven(storage)
      return 'ok'
    }
    // 429 (the server's own limits) or a server error: asked again on the next run.
    return answer.status === 401 || answer.status === 200 ? 'refused' : 'offline'
  } catch (error) {
    if (error instanceof NetworkError) return 'offline'
    throw error
  }
}

export const REFUSED_TEXT =
  'You have been signed out: the server no longer accepts your password (it was changed, or the account was removed). Sign in with your current password; changes not synced yet stay on this device.'

/**
 * The server refused the password this device signed in with offline: sign
 * out at once, and forget the verifier and the account, so the old password
 * no longer opens this device. The login screen says why.
 */
export function endRefusedSession(userId: string, storage: Storage = localStorage) {
  forgetVerifier(userId, storage)
  forgetAccount(userId, storage)
  clearTries(userId, storage)
  endLock(userId, storage)
  endUnproven(storage)
  storage.setItem(NOTICE_KEY, REFUSED_TEXT)
  clearUser(storage)
}

/** Why the device was signed out, for the login screen; cleared by the next sign-in. */
export const signInNotice = (storage: Storage = localStorage) => storage.getItem(NOTICE_KEY)

export const clearSignInNotice = (storage: Storage = localStorage) => storage.removeItem(NOTICE_KEY)
