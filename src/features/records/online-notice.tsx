/** What a screen that reads the server (staff, the Trash) shows when the server could not be asked: offline (plainly, with a retry) or refused. */

import type { OnlineCallError } from '../../sync/online-call'
import { Banner } from '../../ui/banner'
import { button } from '../../ui/styles'

export function OnlineNotice({ error, onRetry }: { error: OnlineCallError; onRetry: () => void }) {
  return (
    <Banner
      tone={error.offline ? 'info' : 'danger'}
      title={error.offline ? 'Offline' : undefined}
      actions={
        <button type="button" className={button.secondary} onClick={onRetry}>
          Try again
        </button>
      }
    >
      {error.offline
        ? `${error.message} Contacts, companies and the catalog still work offline.`
        : error.message}
    </Banner>
  )
}
