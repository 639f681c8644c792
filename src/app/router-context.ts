/**
 * What the router hands every route. Both are optional so the app passes
 * nothing and gets the real network and sync runtime, while tests pass fakes
 * (and the first screen does not have to load the sync code to exist).
 */
import type { NoticeLevel } from '../sync/context'
import type { SyncRuntime } from '../sync/runtime'
import type { SessionUser } from '../sync/stored-user'

export type StartRuntime = (
  user: SessionUser,
  notify: (text: string, level: NoticeLevel) => void,
) => SyncRuntime

export interface AppRouterContext {
  /** The API door for signing in and out; defaults to fetch against /api. */
  transport?: SyncRuntime['transport']
  /** Builds the signed-in user's runtime; defaults to startRuntime (src/sync/runtime.ts). */
  startRuntime?: StartRuntime
}
