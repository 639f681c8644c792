/**
 * Logging out, from the top bar or the lock screen. It asks first while
 * changes wait in the outbox, and always while offline: then it says whether
 * signing in again will work here with no network (this device keeps a check
 * of the password) or will need one. Either way waiting changes stay in this
 * user's database and are sent the next time they sign in.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { hasVerifier } from '../../session/lock'
import { signOut } from '../../session/sign-in'
import { ConfirmDialog } from '../../ui/confirm-dialog'

/** Counts and pronouns agree: "1 change that is … it stays", "2 changes that are … they stay". */
export const unsyncedText = (count: number) =>
  count === 1
    ? 'You have 1 change that is not synced yet. If you log out now it stays on this device and is sent the next time you sign in.'
    : `You have ${count} changes that are not synced yet. If you log out now they stay on this device and are sent the next time you sign in.`

/** What signing in again will take, said before logging out with no network. */
export const offlineText = (keepsCheck: boolean) =>
  keepsCheck
    ? 'You are offline. You can sign in again on this device without a network, with the same password: this device keeps a check of it. Anywhere else, signing in needs a network.'
    : 'You are offline. Signing in again will need a network.'

interface LogOutOptions {
  /** Whose log out: whether this device can sign them in again offline. */
  userId: string
  /** How many changes wait: the runtime's outbox, or with no runtime (the lock screen) the user's database. */
  unsynced: () => Promise<number>
  /** Whether the server is out of reach now; by default, what the browser says. */
  offline?: () => boolean
  /** Signs out here and on the server. */
  leave?: () => Promise<void>
}

interface Asking {
  count: number
  offline: boolean
  keepsCheck: boolean
}

const browserOffline = () => navigator.onLine === false

function question({ count, offline, keepsCheck }: Asking) {
  const parts = [count > 0 ? unsyncedText(count) : '', offline ? offlineText(keepsCheck) : '']
  return {
    title: count > 0 ? 'Log out with changes not synced?' : 'Log out while offline?',
    description: parts.filter(Boolean).join(' '),
    confirmLabel: count > 0 ? 'Log out anyway' : 'Log out',
  }
}

/** `start` logs out, or first asks; render `question` once. */
export function useLogOut({
  userId,
  unsynced,
  offline = browserOffline,
  leave = () => signOut(),
}: LogOutOptions) {
  const navigate = useNavigate()
  /** What is being asked; null when not asking. */
  const [asking, setAsking] = useState<Asking | null>(null)

  const logOut = async () => {
    setAsking(null)
    // Signing out forgets the user at once, then tells the server; the screen need not wait for the network.
    const done = leave()
    await navigate({ to: '/login', ignoreBlocker: true })
    await done
  }

  // Counted at the click, not from a live query that may not have answered yet.
  const start = async () => {
    const next = { count: await unsynced(), offline: offline(), keepsCheck: hasVerifier(userId) }
    if (next.count > 0 || next.offline) setAsking(next)
    else await logOut()
  }

  // The last question stays while the dialog closes, so its words do not change under the fade.
  const [shown, setShown] = useState<Asking>({ count: 0, offline: false, keepsCheck: false })
  if (asking && asking !== shown) setShown(asking)
  const words = question(shown)

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={words.title}
      description={words.description}
      confirmLabel={words.confirmLabel}
      cancelLabel="Stay"
      onConfirm={() => void logOut()}
      onCancel={() => setAsking(null)}
    />
  )
  return { start, question: dialog }
}
