/**
 * A member of staff's details as form fields: name, email, role and the
 * profile. The add and edit screens share them; each field shows its error
 * underneath, the server's words when it refused the save.
 */
import {
  BLANK_PROFILE,
  type ProfileText,
  type ProfileTextField,
  ROLE_IDS,
  type RoleId,
} from '../../domain/user'
import { SelectField } from '../../ui/field'
import { ProfileField } from '../records/profile-field'

/** The profile's fields, and the role an Admin gives. */
export type StaffValues = ProfileText & { role: RoleId }

export type StaffErrors = Partial<Record<keyof StaffValues | 'password', string>>

export const BLANK_STAFF: StaffValues = { ...BLANK_PROFILE, role: ROLE_IDS.User }

const roleOptions = [
  { value: ROLE_IDS.User, label: 'User' },
  { value: ROLE_IDS.Admin, label: 'Admin' },
]

/** Staff are named first, then where they are; the role follows, and about me, a longer text, comes last. */
const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'company',
  'address',
  'city',
  'country',
  'postalCode',
] as const satisfies readonly Exclude<ProfileTextField, 'aboutMe'>[]

interface StaffFieldsProps {
  values: StaffValues
  errors: StaffErrors
  onChange: <K extends keyof StaffValues>(field: K, value: StaffValues[K]) => void
  /** An Admin cannot change their own role (the server refuses it too). */
  roleLocked?: boolean
}

export function StaffFields({ values, errors, onChange, roleLocked }: StaffFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {TEXT_FIELDS.map((name) => (
        <ProfileField
          key={name}
          name={name}
          value={values[name]}
          error={errors[name]}
          onChange={(value) => onChange(name, value)}
        />
      ))}
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        options={roleOptions}
        disabled={roleLocked}
        error={errors.role}
        onChange={(event) => onChange('role', event.target.value as RoleId)}
      />
      <div className="sm:col-span-2">
        <ProfileField
          name="aboutMe"
          value={values.aboutMe}
          error={errors.aboutMe}
          onChange={(value) => onChange('aboutMe', value)}
        />
      </div>
    </div>
  )
}

/** The form's values from a member as the server answered them. */
export function valuesOf(
  member: {
    [K in Exclude<keyof StaffValues, 'role'>]: string
  } & { role: { id: RoleId } },
): StaffValues {
  const { role, ...rest } = member
  return { ...BLANK_STAFF, ...pick(rest), role: role.id }
}

const pick = (source: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(BLANK_STAFF)
      .filter((key) => key !== 'role' && typeof source[key] === 'string')
      .map((key) => [key, source[key]]),
  )

/** The fields that differ from what was loaded: an edit sends only those. */
export function changedFields(values: StaffValues, saved: StaffValues) {
  return Object.fromEntries(
    (Object.keys(values) as (keyof StaffValues)[])
      .filter((key) => values[key] !== saved[key])
      .map((key) => [key, values[key]]),
  ) as Partial<StaffValues>
}

/** Server field errors by field, the first message for each. */
export function errorsByField(fields: readonly { field: string; message: string }[]): StaffErrors {
  const errors: StaffErrors = {}
  for (const { field, message } of fields) {
    const key = field as keyof StaffErrors
    errors[key] ??= message
  }
  return errors
}
