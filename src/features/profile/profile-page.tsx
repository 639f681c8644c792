/**
 * /users/me: the profile card, the profile form and the password. Accounts
 * live on the server (not in the device's mirror), so editing needs the
 * network; offline the card still shows who is signed in, and the page says
 * plainly why the form is not there.
 */
import { useEffect, useState } from 'react'
import type { StaffMember } from '../../sync/user-calls'
import { Banner } from '../../ui/banner'
import { button } from '../../ui/styles'
import { useRuntime } from '../records/runtime-context'
import { useAccount } from '../staff'
import { PasswordCard } from './password-card'
import { ProfileCard } from './profile-card'
import { ProfileForm } from './profile-form'

export function ProfilePage() {
  const { user } = useRuntime()
  const account = useAccount(user.id)
  const [member, setMember] = useState<StaffMember | null>(null)
  useEffect(() => setMember(account.data), [account.data])

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div>
        <ProfileCard user={user} />
      </div>
      <div className="space-y-6">
        {account.error && (
          <Banner
            tone={account.error.offline ? 'info' : 'danger'}
            title={account.error.offline ? 'Offline' : undefined}
            actions={
              <button type="button" className={button.secondary} onClick={account.reload}>
                Try again
              </button>
            }
          >
            {account.error.offline
              ? 'You are offline. Your profile is kept on the server, so editing it needs a connection.'
              : account.error.message}
          </Banner>
        )}
        {member && <ProfileForm key={member.updatedAt} member={member} onSaved={setMember} />}
        <PasswordCard />
      </div>
    </div>
  )
}
