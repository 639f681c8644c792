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
        className="inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 pointer-coarse:h-11"
      >
        <LogOutIcon />
        <span className="max-sm:sr-only">Log Out</span>
      </a>
      <ConfirmDialog
        open={asking !== null}
        title="Log out with changes not synced?"
        description={`You have ${count} ${count === 1 ? 'change that is' : 'changes that are'} not synced yet. If you log out now they stay on this device and are sent the next time you sign in.`}
        confirmLabel="Log out anyway"
        cancelLabel="Stay"
        onConfirm={() => void logOut()}
        onCancel={() => setAsking(null)}
      />
    </>
  )
}
