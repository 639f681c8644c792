/** Signing in and out: the two calls a screen may trigger, through the sync layer. */

import { isErrorBody, messages } from '../domain/errors'
import { login, logout } from '../transport/calls'
import { fetchTransport, NetworkError, type Transport } from '../transport/http'
import { knownAccount, rememberAccount } from './known-accounts'
import { endLock, hasVerifier, keepVerifier, matchesVerifier, unlock } from './lock'
import { clearSignInNotice, endUnproven, startUnproven } from './offline-session'
import { clearTries, failedTry, triesWait, waitText } from './password-tries'
import { clearUser, type SessionUser, storedUser, storeSession, storeUser } from './stored-user'

export type { SessionUser } from './stored-user'

/** A refused or impossible sign-in; its message is what the form shows. */
export class SignInError extends Error {
  override name = 'SignInError'
}

interface SessionOptions {
  transport?: Transport
  storage?: Storage
  /** The clock the offline tries are counted by (tests set it). */
  now?: () => number
}

const OFFLINE_SIGN_IN = 'You are offline. Connect to the internet to sign in.'

/** Known offline: no request that can only fail (and log its failure in the console). */
const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The server's answer to a login, or null when there is no network to ask. */
async function askServer(transport: Transport, email: string, password: string) {
  if (knownOffline()) return null
  try {
    return await login(transport, email, password)
  } catch (error) {
    if (error instanceof NetworkError) return null
    throw error
  }
}

/** After the server accepted the password: the device remembers who, and how to check it offline. */
async function accepted(session: SessionUser, password: string, storage: Storage) {
  clearTries(session.id, storage)
  endUnproven(storage)
  // For unlocking and signing in offline later. Without WebCrypto (a page not served over HTTPS) both
  // need the network.
  await keepVerifier(session.id, password, storage).then(
    () => rememberAccount(session, storage),
    () => undefined,
  )
}

/**
 * The password against the verifier kept at sign-in, counted like the lock
 * screen's tries (password-tries.ts): throws SignInError with `wrongText`, or
 * the wait, when it may not open the device.
 */
async function checkOffline(
  userId: string,
  password: string,
  wrongText: string,
  storage: Storage,
  now: number,
) {
  const wait = triesWait(userId, now, storage)
  if (wait > 0) throw new SignInError(waitText(wait))
  if (await matchesVerifier(userId, password, storage)) return clearTries(userId, storage)
  failedTry(userId, now, storage)
  throw new SignInError(wrongText)
}

/** Answers the signed-in user, or throws SignInError with the words to show under the form. */
export async function signIn(
  email: string,
  password: string,
  { transport = fetchTransport(), storage = localStorage, now = Date.now }: SessionOptions = {},
) {
  const answer = await askServer(transport, email, password)
  if (answer === null) return signInOffline(email, password, storage, now())
  if (answer.status === 200) {
    const user = storeUser(answer.body.user, storage)
    await accepted(user, password, storage)
    clearSignInNotice(storage)
    return user
  }
  throw new SignInError(refusalText(answer.body))
}

/**
 * No network: an account that signed in on this device before opens with its
 * verifier. The session is unproven until the server confirms it
 * (offline-session.ts); an email this device does not know needs the network.
 */
async function signInOffline(email: string, password: string, storage: Storage, now: number) {
  const account = knownAccount(email, storage)
  if (!account || !hasVerifier(account.id, storage)) throw new SignInError(OFFLINE_SIGN_IN)
  await checkOffline(account.id, password, messages.badLogin, storage, now)
  const user = storeSession(account, storage)
  startUnproven(user.id, password, storage)
  clearSignInNotice(storage)
  return user
}

const refusalText = (body: unknown) =>
  isErrorBody(body) ? (body.errors[0]?.message ?? messages.generic) : messages.generic

/**
 * Unlocks the app for the stored user: against the server when it answers (a
 * password changed elsewhere counts, and it renews a session opened offline),
 * else against the verifier kept at sign-in, with the same count of tries as
 * signing in offline.
 */
export async function unlockApp(
  user: { id: string; email: string },
  password: string,
  { transport = fetchTransport(), storage = localStorage, now = Date.now }: SessionOptions = {},
) {
  const answer = await askServer(transport, user.email, password)
  if (answer === null) {
    if (!hasVerifier(user.id, storage))
      throw new SignInError('You are offline. Connect to the internet to unlock.')
    await checkOffline(user.id, password, 'The password provided is incorrect.', storage, now())
  } else if (answer.status === 200) {
    await accepted(storeUser(answer.body.user, storage), password, storage)
  } else {
    throw new SignInError(refusalText(answer.body))
  }
  unlock(user.id, storage)
}

/**
 * Ends the server session when it can; the local sign-out happens either
 * way. The verifier and the account stay, so this user can sign in again on
 * this device with no network; their database stays too.
 */
export async function signOut({ transport = fetchTransport(), storage = localStorage }: SessionOptions = {}) {
  const user = storedUser(storage)
  if (user) endLock(user.id, storage)
  endUnproven(storage)
  clearUser(storage)
  try {
    await logout(transport)
  } catch {
    // Offline: the cookie stays valid until it expires; signing in again (online or off) takes it over.
  }
}
