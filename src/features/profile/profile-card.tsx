/**
 * The profile card: photo, name, email and role, and a way to change or
 * remove the photo. A new photo is resized on the device (512 px a side is
 * plenty for an avatar) before it goes up.
 */
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import type { SessionUser } from '../../session/stored-user'
import { storeUser } from '../../session/stored-user'
import { displayName, initials, photoUrl } from '../../session/user-name'
import { failureText } from '../../sync/user-calls'
import { Avatar } from '../../ui/avatar'
import { prepareImage } from '../../ui/prepare-image'
import { button, card } from '../../ui/styles'
import { useOnline } from '../../ui/use-online'
import { useRuntime } from '../records/runtime-context'

const AVATAR_SIDE = 512

export function ProfileCard({ user }: { user: SessionUser }) {
  const { users } = useRuntime()
  const online = useOnline()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const run = async (change: () => Promise<Parameters<typeof storeUser>[0]>, done: string) => {
    setBusy(true)
    try {
      storeUser(await change())
      toast.success(done)
    } catch (error) {
      toast.error(failureText(error))
    } finally {
      setBusy(false)
    }
  }

  const choose = (file: File | undefined) => {
    if (!file) return
    void run(async () => {
      const photo = await prepareImage(file, AVATAR_SIDE)
      return users.setPhoto(user.id, { blob: photo, filename: photo.name })
    }, 'Your photo has been changed.')
  }

  return (
    <section
      aria-labelledby="profile-card"
      className={`${card} flex flex-col items-center gap-4 p-6 text-center`}
    >
      <Avatar src={photoUrl(user)} initials={initials(user)} className="size-24 text-3xl" />
      <div className="min-w-0">
        <h2 id="profile-card" className="truncate text-lg font-semibold text-slate-900">
          {displayName(user)}
        </h2>
        <p className="truncate text-sm text-slate-500">{user.email}</p>
        <p className="mt-1 inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {user.role}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <button
          type="button"
          disabled={busy || !online}
          aria-busy={busy}
          className={button.secondary}
          onClick={() => input.current?.click()}
        >
          Change photo
        </button>
        {user.image && (
          <button
            type="button"
            disabled={busy || !online}
            className={button.ghost}
            onClick={() =>
              void run(() => users.update(user.id, { userImage: null }), 'Your photo has been removed.')
            }
          >
            Remove photo
          </button>
        )}
      </div>
      {!online && <p className="text-[13px] text-slate-500">Changing your photo needs a connection.</p>}
    </section>
  )
}
