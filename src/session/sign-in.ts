/** Signing in and out: the two calls a screen may trigger, through the sync layer. */

import { isErrorBody, messages } from '../domain/errors'
import { login, logout } from '../transport/calls'
import { fetchTransport, NetworkError, type Transport } from '../transport/http'
import { clearUser, storeUser } from './stored-user'

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
