/** Users and their profiles. */
import * as v from 'valibot'
import { messages } from './errors'
import { text, uuid, writeSchemas } from './fields'
import type { ImageRef } from './images'
import type { Role, RoleName } from './rest'
import { searchWords, wordsFor } from './search'

export const ROLE_IDS = { Admin: 'admin', User: 'user' } as const
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS]

/** The two roles are fixed rows (the server's migration 0002): their names need no join. */
const ROLE_NAMES = Object.fromEntries(Object.entries(ROLE_IDS).map(([name, id]) => [id, name])) as Record<
  string,
  RoleName
>

/** A role id as the API answers it; no role (a row from before roles) is a User. */
export const roleOf = (roleId: string | null): Role => {
  const id = roleId ?? ROLE_IDS.User
  return { id, roleName: ROLE_NAMES[id] ?? 'User' }
}

/** Whether a user is an Admin: the role decides, never the name. */
export const isAdmin = (user: { role: Role }) => user.role.id === ROLE_IDS.Admin

/**
 * Every password set from now on (by its owner, by an Admin, at registration,
 * the first Admin's) is at least this long. The server also refuses the most
 * common passwords (server/auth/common-passwords.ts): that list is too large
 * for the app's JavaScript, so forms only say so in PASSWORD_HINT.
 */
export const NEW_PASSWORD_MIN = 8
/** Passwords set before the rule was raised still sign in and unlock: only new ones meet NEW_PASSWORD_MIN. */
const SIGN_IN_PASSWORD_MIN = 5

/** Said under every field that takes a new password, before anyone submits. */
export const PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN} characters, and not a common password.`
export const PASSWORD_TOO_SHORT = `Must be at least ${NEW_PASSWORD_MIN} characters.`

const email = v.pipe(text(254), v.nonEmpty(messages.required), v.email(messages.invalidEmail))

/**
 * A password as it is hashed (server/auth/password.ts): NFKC, so 'ｐａｓｓ' and 'pass' are one
 * password. Its rules are checked on this form, counted in characters, not UTF-16 units: four
 * emoji are four characters, and 'a' with a combining accent is one.
 */
export const asHashed = (password: string) => password.normalize('NFKC')
const characters = (password: string) => [...asHashed(password)].length

/** A new password, as the forms check it and the server checks it again. */
export const newPasswordSchema = v.pipe(
  v.string('Must be text.'),
  v.check((password) => characters(password) >= NEW_PASSWORD_MIN, PASSWORD_TOO_SHORT),
  v.maxLength(200, 'Must be at most 200 characters.'),
)

/** The forms' own check of a new password (its length); the server also refuses common ones. */
export function newPasswordProblem(password: string): string | undefined {
  const result = v.safeParse(newPasswordSchema, password)
  return result.success ? undefined : result.issues[0].message
}

/** The profile fields a user edits about themself. */
export const profileFieldSchemas = {
  firstName: text(100),
  lastName: text(100),
  email,
  username: text(100),
  company: text(200),
  address: text(300),
  city: text(100),
  country: text(100),
  postalCode: v.union(
    [v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Must be a number.'))],
    'Must be a number.',
  ),
  aboutMe: text(2000),
  userImage: v.nullable(
    v.union([
      uuid,
      v.pipe(
        v.object({ id: uuid }),
        v.transform((ref) => ref.id),
      ),
    ]),
  ),
}

/** What an Admin may also set: the role and a password. */
export const userFieldSchemas = {
  ...profileFieldSchemas,
  password: newPasswordSchema,
  role: v.picklist(Object.values(ROLE_IDS), 'Must be Admin or User.'),
}

/** The profile's text fields: one list that the server's reads, lists and answers are built from. */
export const PROFILE_TEXT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'username',
  'company',
  'address',
  'city',
  'country',
  'postalCode',
  'aboutMe',
] as const satisfies readonly (keyof typeof profileFieldSchemas)[]
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number]

/** The words each profile field goes by on screen: My Profile and staff administration alike. */
export const PROFILE_LABELS: Record<ProfileTextField, string> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  username: 'Username',
  company: 'Company',
  address: 'Address',
  city: 'City',
  country: 'Country',
  postalCode: 'Postal Code',
  aboutMe: 'About Me',
}

/** A new user's profile before anyone fills it in (the email is always given). */
export const USER_DEFAULTS = {
  ...(Object.fromEntries(PROFILE_TEXT_FIELDS.filter((f) => f !== 'email').map((f) => [f, ''])) as Record<
    Exclude<ProfileTextField, 'email'>,
    ''
  >),
  userImage: null,
  role: ROLE_IDS.User,
}

export const userSchemas = writeSchemas(userFieldSchemas, USER_DEFAULTS, ['email', 'password'])

/** The product login rules: the login form checks them before any network call, the server again. */
export const loginSchema = v.object(
  {
    email: v.pipe(
      v.string(messages.required),
      v.trim(),
      v.nonEmpty(messages.required),
      v.maxLength(254, messages.invalidEmail),
      v.email(messages.invalidEmail),
    ),
    password: v.pipe(
      v.string(messages.required),
      v.nonEmpty(messages.required),
      v.minLength(SIGN_IN_PASSWORD_MIN, `Must be at least ${SIGN_IN_PASSWORD_MIN} characters.`),
      v.maxLength(1024, 'Must be at most 1024 characters.'),
    ),
  },
  // A missing key reads like an empty one; a body that is no object at all says so.
  (issue) => (issue.path?.length ? messages.required : 'Send an object with email and password.'),
)

/** The profile's text fields with their values: the profile form's, the staff form's, an account's. */
export type ProfileText = Record<ProfileTextField, string>

/** A user account as the users calls answer it: staff administration lists them; My Profile mirrors one's own. */
export type Account = ProfileText & {
  id: string
  role: { id: RoleId; roleName: RoleName }
  userImage: ImageRef | null
  /** Bumped by every change on the server. */
  version: number
  createdAt: string
  updatedAt: string
}

const STAFF_SEARCH_FIELDS = ['firstName', 'lastName', 'email'] as const

/**
 * The staff list's search: every word must occur in one of the fields ("ada love" finds Ada
 * Lovelace). Each word is a `like` on each field, so only as many words as the server's limits
 * allow are sent (search.ts, wordsFor).
 */
export function staffWhere(search: string) {
  const words = searchWords(search).slice(0, wordsFor(STAFF_SEARCH_FIELDS.length))
  if (words.length === 0) return undefined
  return {
    and: words.map((word) => ({ or: STAFF_SEARCH_FIELDS.map((field) => ({ [field]: { like: word } })) })),
  }
}
