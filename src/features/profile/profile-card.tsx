/**
 * The profile card: photo, name, email and role, and a way to change or
 * remove the photo. A new photo is resized on the device (512 px a side is
 * plenty for an avatar), kept there, and queued like any change: it is shown
 * at once, offline too, and uploaded before the profile that points at it.
 */
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import type { Account } from '../../domain/user'
import type { SessionUser } from '../../session/stored-user'
import { displayName, initials, photoUrl } from '../../session/user-name'
import { Avatar } from '../../ui/avatar'
import { prepareImage } from '../../ui/prepare-image'
import { button, card } from '../../ui/styles'
import { reportSaveError } from '../records/save-errors'
import { useImageSrc } from '../records/use-image-src'

const AVATAR_SIDE = 512

/** `account`: the mirrored account; until the first sync brings it, the card shows the stored user and cannot change the photo. */
export function ProfileCard({ user, account }: { user: SessionUser; account: Account | null }) {
  const { mutate } = useRuntime()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const mirroredPhoto = useImageSrc('users', account?.userImage)
  const shown = account
    ? { ...user, firstName: account.firstName, lastName: account.lastName, email: account.email }
    : user
  const src = account ? mirroredPhoto : photoUrl(user)
  const role = account?.role.roleName ?? user.role

  const run = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await change()
      toast.success(done)
    } catch (error) {
      reportSaveError(error)
    } finally {
      setBusy(false)
    }
  }

  const choose = (file: File | undefined) => {
    if (!file || !account) return
    void run(async () => {
      const photo = await prepareImage(file, AVATAR_SIDE)
      await mutate.setImage('users', account.id, photo)
    }, 'Your photo has been changed.')
  }

  return (
    <section
      aria-labelledby="profile-card"
      className={`${card} flex flex-col items-center gap-4 p-6 text-center`}
    >
      <Avatar src={src} initials={initials(shown)} className="size-24 text-3xl" />
      <div className="min-w-0">
        <h2 id="profile-card" className="truncate text-lg font-semibold text-slate-900">
          {displayName(shown)}
        </h2>
        <p className="truncate text-sm text-slate-500">{shown.email}</p>
        <p className="mt-1 inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {role}
        </p>
      </div>
      {account && (
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="photo-input"
            onChange={(event) => {
              choose(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            className={button.secondary}
            onClick={() => input.current?.click()}
          >
            Change photo
          </button>
          {account.userImage && (
            <button
              type="button"
              disabled={busy}
              className={button.ghost}
              onClick={() =>
                void run(() => mutate.clearImage('users', account.id), 'Your photo has been removed.')
              }
            >
              Remove photo
            </button>
          )}
        </div>
      )}
    </section>
  )
}
