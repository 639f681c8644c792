/** Signing in and out: the two calls a screen may trigger, through the sync layer. */

import { isErrorBody, messages } from '../domain/errors'
import { login, logout } from '../transport/calls'
import { fetchTransport, NetworkError, type Transport } from '../transport/http'
import { forgetLock, hasVerifier, keepVerifier, matchesVerifier, unlock } from './lock'
import { clearUser, storedUser, storeUser } from './stored-user'

export type { SessionUser } from './stored-user'

/** A refused or impossible sign-in; its message is what the form shows. */
export class SignInError extends Error {
  override name = 'SignInError'
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
  if (answer.status === 200) {
    const user = storeUser(answer.body.user, storage)
    // For unlocking offline later. Without WebCrypto (a page not served over HTTPS) unlocking needs the network.
    await keepVerifier(user.id, password, storage).catch(() => undefined)
    return user
  }
  throw new SignInError(refusalText(answer.body))
}

const refusalText = (body: unknown) =>
  isErrorBody(body) ? (body.errors[0]?.message ?? messages.generic) : messages.generic

/**
 * Unlocks the app for the stored user: against the server when it answers (a
 * password changed elsewhere counts), else against the verifier kept at sign-in.
 */
export async function unlockApp(
  user: { id: string; email: string },
  password: string,
  { transport = fetchTransport(), storage = localStorage }: SessionOptions = {},
) {
  let answer: Awaited<ReturnType<typeof login>> | null = null
  // Known offline: no request that can only fail (and log its failure in the console).
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  try {
    if (!offline) answer = await login(transport, user.email, password)
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error
  }
  if (answer === null) {
    if (!hasVerifier(user.id, storage))
      throw new SignInError('You are offline. Connect to the internet to unlock.')
    if (!(await matchesVerifier(user.id, password, storage)))
      throw new SignInError('The password provided is incorrect.')
  } else if (answer.status === 200) {
    storeUser(answer.body.user, storage)
    await keepVerifier(user.id, password, storage).catch(() => undefined)
  } else {
    throw new SignInError(refusalText(answer.body))
  }
  unlock(user.id, storage)
}

/** Ends the server session when it can; the local sign-out happens either way. */
export async function signOut({ transport = fetchTransport(), storage = localStorage }: SessionOptions = {}) {
  const user = storedUser(storage)
  if (user) forgetLock(user.id, storage)
  clearUser(storage)
  try {
    await logout(transport)
  } catch {
    // Offline: the cookie expires on its own; nothing local is left to protect.
  }
}
