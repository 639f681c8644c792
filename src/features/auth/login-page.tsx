/** /login (guests only): signs in, then goes back where the visitor was headed, or to the root. */
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { messages } from '../../domain/errors'
import { safeRedirect } from '../../session/safe-redirect'
import { SignInError, signIn } from '../../session/sign-in'
import { card } from '../../ui/styles'
import { LoginForm } from './login-form'
import type { LoginValues } from './validate-login'

const route = getRouteApi('/login')

export function LoginPage() {
  const { redirect } = route.useSearch()
  const navigate = useNavigate()
  // Tests hand in their own; otherwise signIn uses fetch against /api.
  const signInWith = useRouter().options.context.signIn ?? signIn

  const onSignIn = async ({ email, password }: LoginValues) => {
    try {
      await signInWith(email, password)
    } catch (error) {
      return error instanceof SignInError ? error.message : messages.generic
    }
    await navigate({ href: safeRedirect(redirect) ?? '/', replace: true })
    return null
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <img src="/favicon.svg" alt="" className="size-11" />
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in to Outpost</h1>
          <p className="text-sm text-slate-500">Contacts and companies, on site and offline.</p>
        </div>
        <div className={`${card} p-6 sm:p-8`}>
          <LoginForm onSignIn={onSignIn} />
        </div>
      </div>
    </main>
  )
}
