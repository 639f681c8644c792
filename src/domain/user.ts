/** Users and their profiles. */
import * as v from 'valibot'
import { messages } from './errors'
import { text, uuid, type Widget, writeSchemas } from './fields'
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

/** How a form shows a profile field: a line of text, an email address, or a longer text. */
export type ProfileWidget = Extract<Widget, 'text' | 'email' | 'textarea'>

/** One field of a user's profile, said once: its check, its label and how a form shows it. */
export interface ProfileField {
  label: string
  widget: ProfileWidget
  schema: v.GenericSchema<string, string>
  /** Typed on a number pad (a postal code). */
  numeric?: true
}

const postalCode = v.union(
  [v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Must be a number.'))],
  'Must be a number.',
)

/**
 * The profile's text fields, each declared once. My Profile's form and staff administration's draw
 * them from here (features/records/profile-field.tsx), the checks on the device and the server are
 * these schemas, and the server's columns, reads and answers are built from the same keys
 * (server/users/store.ts; a test holds the users table's columns against them).
 */
export const PROFILE_FIELDS = {
  email: { label: 'Email', widget: 'email', schema: email },
  firstName: { label: 'First Name', widget: 'text', schema: text(100) },
  lastName: { label: 'Last Name', widget: 'text', schema: text(100) },
  username: { label: 'Username', widget: 'text', schema: text(100) },
  company: { label: 'Company', widget: 'text', schema: text(200) },
  address: { label: 'Address', widget: 'text', schema: text(300) },
  city: { label: 'City', widget: 'text', schema: text(100) },
  country: { label: 'Country', widget: 'text', schema: text(100) },
  postalCode: { label: 'Postal Code', widget: 'text', numeric: true, schema: postalCode },
  aboutMe: { label: 'About Me', widget: 'textarea', schema: text(2000) },
} as const satisfies Record<string, ProfileField>

export type ProfileTextField = keyof typeof PROFILE_FIELDS

/** The profile's text fields, in their declared order. */
export const PROFILE_TEXT_FIELDS = Object.keys(PROFILE_FIELDS) as ProfileTextField[]

/** The words each profile field goes by on screen: My Profile, staff administration and sync issues alike. */
export const PROFILE_LABELS = Object.fromEntries(
  PROFILE_TEXT_FIELDS.map((field) => [field, PROFILE_FIELDS[field].label]),
) as Record<ProfileTextField, string>

/** The profile's text fields, each blank: a form's before anything is typed. */
export const BLANK_PROFILE = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, ''])) as Record<
  ProfileTextField,
  string
>

/** The profile fields a user edits about themself: the text fields and the photo. */
export const profileFieldSchemas = {
  ...(Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, PROFILE_FIELDS[field].schema])) as {
    [F in ProfileTextField]: (typeof PROFILE_FIELDS)[F]['schema']
  }),
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
