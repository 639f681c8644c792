/**
 * The accounts that signed in on this device, so one can sign in again with
 * no network: the profile the device last had of each (to match an email and
 * to show the name), beside the password's verifier in lock.ts. Kept past
 * sign-out; forgotten when the server refuses that account's password.
 */
import type { SessionUser } from './session-user'

const PREFIX = 'knownAccount.'

export function rememberAccount(session: SessionUser, storage: Storage = localStorage) {
  storage.setItem(`${PREFIX}${session.id}`, JSON.stringify(session))
}

export const isKnownAccount = (userId: string, storage: Storage = localStorage) =>
  storage.getItem(`${PREFIX}${userId}`) !== null

/** The account with this email, compared as the server does (trimmed, case-insensitive); null if none. */
export function knownAccount(email: string, storage: Storage = localStorage): SessionUser | null {
  const wanted = email.trim().toLowerCase()
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (!key?.startsWith(PREFIX)) continue
    try {
      const account = JSON.parse(storage.getItem(key) ?? 'null') as SessionUser | null
      if (account?.email.trim().toLowerCase() === wanted) return account
    } catch {
      // Not written by this code: not an account.
    }
  }
  return null
}

export const forgetAccount = (userId: string, storage: Storage = localStorage) =>
  storage.removeItem(`${PREFIX}${userId}`)
