/** Creating an account from /register, then signing in with it: both through the sync layer's one door to the network. */
import { isErrorBody, messages } from '../domain/errors'
import { register } from '../transport/calls'
import { fetchTransport, NetworkError, type Transport } from '../transport/http'
import { SignInError, signIn } from './sign-in'

/** Registration refused: the message for the form, and the field it belongs to (none for the form as a whole). */
export class RegisterError extends Error {
  override name = 'RegisterError'
  constructor(
    message: string,
    readonly field?: string,
    /** True when this server does not take registrations: accounts are made by an Admin. */
    readonly closed = false,
  ) {
    super(message)
  }
}

export const CLOSED_TEXT =
  'Accounts are created by an administrator. Ask an Admin of your team for an account.'

export async function registerAccount(
  details: { email: string; password: string; confirmPassword: string; newsletter?: boolean },
  { transport = fetchTransport(), storage }: { transport?: Transport; storage?: Storage } = {},
) {
  let answer: Awaited<ReturnType<typeof register>>
  try {
    answer = await register(transport, details)
  } catch (error) {
    if (error instanceof NetworkError)
      throw new RegisterError('You are offline. Connect to the internet to register.')
    throw error
  }
  if (answer.status === 403) throw new RegisterError(CLOSED_TEXT, undefined, true)
  if (answer.status !== 201 && answer.status !== 200) {
    const first = isErrorBody(answer.body) ? answer.body.errors[0] : undefined
    const item = first?.data?.[0]
    if (item) throw new RegisterError(item.message, item.field === 'username' ? 'email' : item.field)
    throw new RegisterError(first?.message ?? messages.generic)
  }
  try {
    return await signIn(details.email, details.password, { transport, storage })
  } catch (error) {
    // The account exists; only the sign-in after it failed.
    if (error instanceof SignInError) throw new RegisterError(`Your account was created. ${error.message}`)
    throw error
  }
}
