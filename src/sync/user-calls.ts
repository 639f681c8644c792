/**
 * The calls about user accounts that need the server at once: staff
 * administration (Admins), one's own password, and one's own email (both
 * take the current password, which never waits in the outbox). They say so
 * plainly when the network is missing. One's own profile and photo are
 * otherwise edited on the device and queued like any record (the account is
 * mirrored: see `accountCollection`). This module is the screens' only way to
 * these calls, so the house rule holds: the sync layer talks to the API, the
 * screens talk to the sync layer.
 */
import type { ListResponse } from '../domain/rest'
import { type Account, staffWhere } from '../domain/user'
import { keepVerifier } from '../session/lock'
import type { Transport } from '../transport/http'
import { keyed, onlineCaller } from './online-call'

export const STAFF_OFFLINE_TEXT = 'You are offline. Staff administration needs a connection to the server.'

export interface UserCalls {
  list(query: { search: string; page: number; size: number }): Promise<ListResponse<Account>>
  get(id: string): Promise<Account>
  create(values: Record<string, unknown>): Promise<Account>
  update(id: string, patch: Record<string, unknown>): Promise<Account>
  unlock(email: string): Promise<void>
  remove(id: string): Promise<void>
  /** One's own password: the current one is checked, and the other sessions end. */
  changePassword(id: string, currentPassword: string, password: string): Promise<void>
  /** Uploads a photo (already resized on the device) and sets it as the user's. */
  setPhoto(id: string, photo: { blob: Blob; filename: string }): Promise<Account>
}

export function userCalls(transport: Transport): UserCalls {
  const call = onlineCaller(transport, STAFF_OFFLINE_TEXT)

  return {
    list: ({ search, page, size }) =>
      call({
        method: 'GET',
        path: 'users',
        query: { where: staffWhere(search), page: { number: page, size }, sort: 'email' },
      }),
    get: (id) => call({ method: 'GET', path: `users/${encodeURIComponent(id)}` }),
    create: async (values) =>
      (await call<{ doc: Account }>({ method: 'POST', path: 'users', headers: keyed(), body: values })).doc,
    update: async (id, patch) =>
      (
        await call<{ doc: Account }>({
          method: 'PUT',
          path: `users/${encodeURIComponent(id)}`,
          headers: keyed(),
          body: patch,
        })
      ).doc,
    unlock: async (email) => {
      await call({ method: 'POST', path: 'users/unlock', body: { email } })
    },
    remove: async (id) => {
      await call({ method: 'DELETE', path: `users/${encodeURIComponent(id)}`, headers: keyed() })
    },
    changePassword: async (id, currentPassword, password) => {
      await call({
        method: 'PUT',
        path: `users/${encodeURIComponent(id)}`,
        headers: keyed(),
        body: { currentPassword, password },
      })
      // The device's check follows, or the old password would still unlock and sign in offline here.
      await keepVerifier(id, password).catch(() => undefined)
    },
    setPhoto: async (id, photo) => {
      const imageId = crypto.randomUUID()
      const form = new FormData()
      form.set('id', imageId)
      form.set('file', photo.blob, photo.filename)
      await call({ method: 'POST', path: 'user-image', headers: keyed(), body: form })
      return (
        await call<{ doc: Account }>({
          method: 'PUT',
          path: `users/${encodeURIComponent(id)}`,
          headers: keyed(),
          body: { userImage: imageId },
        })
      ).doc
    },
  }
}
