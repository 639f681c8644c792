/**
 * The lock screen: the user's photo and name, their password and 'Unlock'.
 * It unlocks against the server when online and against the verifier kept at
 * sign-in when not. After a reload of a session opened offline, it is also how
 * that session is renewed once online (src/sync/session-gate.ts), and says so.
 * 'Log out' is the way out for someone else at the device;
 * like the top bar's, it asks first while changes are still waiting.
 */
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { messages } from '../../domain/errors'
import { isUnproven } from '../../session/offline-session'
import { SignInError, unlockApp } from '../../session/sign-in'
import type { SessionUser } from '../../session/stored-user'
import { displayName, initials, photoUrl } from '../../session/user-name'
import { unsyncedChanges } from '../../sync/unsynced'
import { Avatar } from '../../ui/avatar'
import { TextField } from '../../ui/field'
import { button, card } from '../../ui/styles'
import { useLogOut } from './log-out-question'

interface LockScreenProps {
  user: SessionUser
  /** Called once the password is accepted; the lock flag is already cleared. */
  onUnlocked?: () => void
}

export function LockScreen({ user, onUnlocked }: LockScreenProps) {
  // The same question as the top bar's Log Out: changes still waiting stay on the device.
  const { start: logOut, question } = useLogOut({ userId: user.id, unsynced: () => unsyncedChanges(user.id) })
  // Tests hand in their own; otherwise the server, or offline the verifier kept at sign-in.
  const unlockWith = useRouter().options.context.unlock ?? unlockApp
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!password) return setError(messages.required)
    setBusy(true)
    setError(undefined)
    try {
      await unlockWith(user, password)
      onUnlocked?.()
    } catch (failure) {
      setError(failure instanceof SignInError ? failure.message : messages.generic)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Avatar src={photoUrl(user)} initials={initials(user)} className="size-20 text-2xl" />
          <div>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{displayName(user)}</h1>
            <p className="text-sm text-slate-500">
              {isUnproven(user.id)
                ? 'You signed in offline. Enter your password to go on and sync.'
                : 'Outpost is locked. Enter your password to go on.'}
            </p>
          </div>
        </div>
        <form noValidate onSubmit={submit} className={`${card} space-y-5 p-6`}>
          {/* The email lets password managers fill the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" disabled={busy} aria-busy={busy} className={`${button.primary} w-full`}>
            Unlock
          </button>
        </form>
        <p className="mt-4 text-center text-sm text-slate-500">
          Not {user.firstName || user.email}?{' '}
          <button
            type="button"
            onClick={() => void logOut()}
            className="font-medium text-brand hover:underline"
          >
            Log out
          </button>
        </p>
      </div>
      {question}
    </main>
  )
}
