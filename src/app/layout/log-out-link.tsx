/** Log Out in the top bar: sign out and go to /login, asking first while changes wait (features/records/log-out-question). */
import { useLogOut } from '../../features/records/log-out-question'
import { useRuntime } from '../../features/records/runtime-context'
import { LogOutIcon } from '../../ui/icons'
import { topBarLink } from './top-bar-link'

export function LogOutLink() {
  const { db, signOut } = useRuntime()
  const { start, question } = useLogOut({ unsynced: () => db.outbox.count(), leave: signOut })
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
