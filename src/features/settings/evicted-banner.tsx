/**
 * Said once, on the signed-in screens, when the browser evicted this user's
 * mirror: what happened, how many unsent changes went with it (when the
 * device marker knew), and that the records are downloading again.
 */
import { Link } from '@tanstack/react-router'
import { useRuntime } from '../../app/runtime-context'
import { Banner } from '../../ui/banner'
import { button } from '../../ui/styles'
import { useMirrorWatch } from './use-mirror-watch'

export const evictedTitle = "Your browser deleted Outpost's data on this device"

export function evictedText(lost: number | null): string {
  const lead = 'The browser cleared what Outpost kept here, most likely to free space.'
  const tail = 'Your records are downloading again now.'
  if (lost === null)
    return `${lead} Changes made on this device that had not reached the server may be lost. ${tail}`
  if (lost === 0)
    return `${lead} Every change made on this device had already reached the server, so nothing is lost. ${tail}`
  const changes = lost === 1 ? '1 change made on this device was' : `${lost} changes made on this device were`
  return `${lead} ${changes} not yet on the server and could not be kept: please make ${lost === 1 ? 'it' : 'them'} again. ${tail}`
}

export function EvictedBanner() {
  const { db, user } = useRuntime()
  const [evicted, dismiss] = useMirrorWatch(db, user.id)
  if (!evicted) return null
  return (
    <div className="mb-6">
      <Banner
        tone={evicted.lost ? 'danger' : 'warning'}
        title={evictedTitle}
        actions={
          <>
            <button type="button" className={button.secondary} onClick={dismiss}>
              Dismiss
            </button>
            <Link to="/users/settings" className={button.ghost}>
              Storage settings
            </Link>
          </>
        }
      >
        {evictedText(evicted.lost)}
      </Banner>
    </div>
  )
}
