/**
 * What the router hands every route. Both are optional so the app passes
 * nothing and gets the real sign-in and sync runtime, while tests pass fakes
 * (and the first screen does not have to load the sync code to exist).
 */

import type { SessionUser } from '../session/stored-user'
import type { NoticeLevel } from '../sync/context'
import type { SyncRuntime } from '../sync/runtime'

export type StartRuntime = (
  user: SessionUser,
  notify: (text: string, level: NoticeLevel) => void,
) => SyncRuntime

export interface AppRouterContext {
  /** Signs in against the server; defaults to signIn over fetch (src/session/sign-in.ts). */
  signIn?: (email: string, password: string) => Promise<SessionUser>
  /** Creates an account, then signs in; defaults to registerAccount (src/session/register.ts). */
  register?: (details: {
    email: string
    password: string
    confirmPassword: string
    newsletter?: boolean
  }) => Promise<SessionUser>
  /** Unlocks the locked app; defaults to unlockApp (src/session/sign-in.ts). */
  unlock?: (user: SessionUser, password: string) => Promise<void>
  /** Builds the signed-in user's runtime; defaults to startRuntime (src/sync/runtime.ts). */
  startRuntime?: StartRuntime
}
