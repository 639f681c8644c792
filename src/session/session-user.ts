/** Who is signed in, as the device keeps it (stored-user.ts) and remembers it for signing in offline (known-accounts.ts). */
import type { RoleName } from '../domain/rest'

export interface SessionUser {
  id: string
  email: string
  firstName: string
  lastName: string
  role: RoleName
  /** The profile photo's file name, for the sidebar; null when there is none. */
  image: string | null
}
