/**
 * /users/me: the profile card, the profile form and the password. The
 * account is mirrored on the device (src/sync/pull-account.ts), so the page
 * reads it offline and saves through the outbox like any record; a change
 * the server did not take shows here as it does on a record's edit screen.
 */

import { useRuntime } from '../../app/runtime-context'
import { useOnline } from '../../ui/use-online'
import { RecordIssues } from '../sync-issues'
import { PasswordCard } from './password-card'
import { ProfileCard } from './profile-card'
import { ProfileForm } from './profile-form'
import { useOwnAccount } from './use-own-account'

export function ProfilePage() {
  const { user } = useRuntime()
  const online = useOnline()
  const { account, ops } = useOwnAccount()
  if (account === undefined) return null

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div>
        <ProfileCard user={user} account={account} />
      </div>
      <div className="space-y-6">
        <RecordIssues ops={ops} />
        {account ? (
          <ProfileForm key={account.id} account={account} ops={ops} />
        ) : (
          <p role="status" className={`rounded-md bg-slate-100 p-4 text-sm text-slate-600`}>
            {online
              ? 'Your profile is being brought to this device…'
              : 'Your profile has not reached this device yet. It will once the device is online, and you can edit it here from then on, offline too.'}
          </p>
        )}
        <PasswordCard />
      </div>
    </div>
  )
}
