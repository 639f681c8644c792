/**
 * Keeps the stored user (the sidebar's name and photo, the lock screen, the
 * role the navigation shows) in step with the mirrored account: a profile
 * saved on this device, or a change an Admin made that the sync brought.
 * A photo still waiting to be uploaded is not stored yet: the server names
 * it once it is there, and until then the sidebar keeps the photo it had.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { type SessionUser, sessionOf, storedUser, storeSession } from '../../session/stored-user'

const sameSession = (a: SessionUser | null, b: SessionUser) =>
  a !== null && (Object.keys(b) as (keyof SessionUser)[]).every((key) => a[key] === b[key])

export function useFollowAccount() {
  const { db, user } = useRuntime()
  // The account and whether its photo still waits to be uploaded, read together in one snapshot:
  // read apart, a new photo's local name could be taken for the server's before its upload is seen.
  const state = useLiveQuery(
    () =>
      db.transaction('r', db.users, db.outbox, async () => {
        const account = await db.users.get(user.id)
        const imageId = account?.userImage?.id
        const uploading = imageId ? (await db.outbox.where('recordId').equals(imageId).count()) > 0 : false
        return { account, uploading }
      }),
    [db, user.id],
  )
  useEffect(() => {
    const account = state?.account
    if (!account) return
    const stored = storedUser()
    const next = sessionOf(account)
    if (state.uploading) next.image = stored?.image ?? null
    if (!sameSession(stored, next)) storeSession(next)
  }, [state])
}
