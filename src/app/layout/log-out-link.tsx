/**
 * Log Out (sign out and go to /login). With changes still in the
 * outbox it asks first; either way those changes stay in this user's database
 * and are sent the next time they sign in.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useRuntime } from '../../features/records/runtime-context'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { LogOutIcon } from '../../ui/icons'
import { topBarLink } from './top-bar-link'

/** Counts and pronouns agree: "1 change that is … it stays", "2 changes that are … they stay". */
export const unsyncedText = (count: number) =>
  count === 1
    ? 'You have 1 change that is not synced yet. If you log out now it stays on this device and is sent the next time you sign in.'
    : `You have ${count} changes that are not synced yet. If you log out now they stay on this device and are sent the next time you sign in.`

export function LogOutLink() {
  const { db, signOut } = useRuntime()
  const navigate = useNavigate()
  /** The number of unsynced changes while asking; null when not asking. */
  const [asking, setAsking] = useState<number | null>(null)

  const logOut = async () => {
    setAsking(null)
    // signOut forgets the user at once, then tells the server; the screen need not wait for the network.
    const done = signOut()
    await navigate({ to: '/login' })
    await done
  }

  // Counted at the click, not from a live query that may not have answered yet.
  const start = async () => {
    const unsynced = await db.outbox.count()
    if (unsynced > 0) setAsking(unsynced)
    else await logOut()
  }

  const count = asking ?? 0
  return (
    <>
      <a
        href="/login"
        onClick={(event) => {
          event.preventDefault()
          void start()
        }}
        className={topBarLink}
      >
        <LogOutIcon />
        <span className="max-sm:sr-only">Log Out</span>
      </a>
      <ConfirmDialog
        open={asking !== null}
        title="Log out with changes not synced?"
        description={unsyncedText(count)}
        confirmLabel="Log out anyway"
        cancelLabel="Stay"
        onConfirm={() => void logOut()}
        onCancel={() => setAsking(null)}
      />
    </>
  )
}
