/**
 * Log Out in the top bar: sign out and go to /login, asking first while changes
 * wait or the server is out of reach (features/lock/log-out-question.tsx).
 */

import { queuedCount } from '../../db/queued-records'
import { useLogOut } from '../../features/lock'
import { LogOutIcon } from '../../ui/icons'
import { useRuntime } from '../runtime-context'
import { topBarLink } from './top-bar-link'

export function LogOutLink() {
  const { db, engine, signOut, user } = useRuntime()
  const { start, question } = useLogOut({
    userId: user.id,
    unsynced: () => queuedCount(db),
    // The browser may say online while the server cannot be reached; the last sync run knows.
    offline: () => navigator.onLine === false || engine.status.get().activity === 'offline',
    leave: signOut,
  })
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
      {question}
    </>
  )
}
