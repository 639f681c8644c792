/**
 * Logging out, from the top bar or the lock screen: with changes still in the
 * outbox it asks first; either way those changes stay in this user's database
 * and are sent the next time they sign in.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { signOut } from '../../session/sign-in'
import { ConfirmDialog } from '../../ui/confirm-dialog'

/** Counts and pronouns agree: "1 change that is … it stays", "2 changes that are … they stay". */
export const unsyncedText = (count: number) =>
  count === 1
    ? 'You have 1 change that is not synced yet. If you log out now it stays on this device and is sent the next time you sign in.'
    : `You have ${count} changes that are not synced yet. If you log out now they stay on this device and are sent the next time you sign in.`

interface LogOutOptions {
  /** How many changes wait: the runtime's outbox, or with no runtime (the lock screen) the user's database. */
  unsynced: () => Promise<number>
  /** Signs out here and on the server. */
  leave?: () => Promise<void>
}

/** `start` logs out, or first asks when changes wait; render `question` once. */
export function useLogOut({ unsynced, leave = () => signOut() }: LogOutOptions) {
  const navigate = useNavigate()
  /** The number of unsynced changes while asking; null when not asking. */
  const [asking, setAsking] = useState<number | null>(null)

  const logOut = async () => {
    setAsking(null)
    // Signing out forgets the user at once, then tells the server; the screen need not wait for the network.
    const done = leave()
    await navigate({ to: '/login' })
    await done
  }

  // Counted at the click, not from a live query that may not have answered yet.
  const start = async () => {
    const count = await unsynced()
    if (count > 0) setAsking(count)
    else await logOut()
  }

  const question = (
    <ConfirmDialog
      open={asking !== null}
      title="Log out with changes not synced?"
      description={unsyncedText(asking ?? 0)}
      confirmLabel="Log out anyway"
      cancelLabel="Stay"
      onConfirm={() => void logOut()}
      onCancel={() => setAsking(null)}
    />
  )
  return { start, question }
}
