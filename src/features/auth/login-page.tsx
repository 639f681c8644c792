/**
 * /login (guests only): signs in, then goes back where the visitor was headed,
 * or to the root. When the server refused a session opened offline, it says
 * why the device signed out (src/session/offline-session.ts).
 */
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { messages } from '../../domain/errors'
import { signInNotice } from '../../session/offline-session'
import { safeRedirect } from '../../session/safe-redirect'
import { SignInError, signIn } from '../../session/sign-in'
import { card } from '../../ui/styles'
import { AuthFrame } from './auth-frame'
import { LoginForm } from './login-form'
import type { LoginValues } from './validate-login'

const route = getRouteApi('/login')

export function LoginPage() {
  const { redirect } = route.useSearch()
  const navigate = useNavigate()
  // Tests hand in their own; otherwise signIn uses fetch against /api.
  const signInWith = useRouter().options.context.signIn ?? signIn
  const [notice] = useState(() => signInNotice())

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
    <AuthFrame title="Sign in to Outpost" subtitle="Contacts and companies, on site and offline.">
      <div className={`${card} p-6 sm:p-8`}>
        {notice && (
          <p role="alert" className="mb-5 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {notice}
          </p>
        )}
        <LoginForm onSignIn={onSignIn} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-500">
        New to Outpost?{' '}
        <Link to="/register" className="font-medium text-brand hover:underline">
          Create an account
        </Link>
      </p>
    </AuthFrame>
  )
}
