/**
 * My Profile's form: company (set by an Admin, so disabled), username, email,
 * names, address, city, country, postal code and about me; 'Update Profile'.
 * The rules are checked on submit and then as the user types; changing the
 * email asks for the current password, as the server requires.
 */

import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { messages } from '../../domain/errors'
import { PROFILE_LABELS } from '../../domain/user'
import { storeUser } from '../../session/stored-user'
import { StaffError, type StaffMember } from '../../sync/user-calls'
import { Banner } from '../../ui/banner'
import { TextAreaField, TextField } from '../../ui/field'
import { button, card } from '../../ui/styles'
import { useUnsavedForm } from '../../ui/unsaved-forms'
import { useRuntime } from '../records/runtime-context'
import { type ProfileErrors, type ProfileValues, validateProfile } from './validate-profile'

/** The product's order: the company first (an Admin sets it), then who the user is, then where. */
const FIELDS = [
  'company',
  'username',
  'email',
  'firstName',
  'lastName',
  'address',
  'city',
  'country',
  'postalCode',
] as const satisfies readonly Exclude<keyof ProfileValues, 'aboutMe'>[]

export const profileValues = (member: StaffMember): ProfileValues => ({
  company: member.company,
  username: member.username,
  email: member.email,
  firstName: member.firstName,
  lastName: member.lastName,
  address: member.address,
  city: member.city,
  country: member.country,
  postalCode: member.postalCode,
  aboutMe: member.aboutMe,
})

export function ProfileForm({
  member,
  onSaved,
}: {
  member: StaffMember
  onSaved: (member: StaffMember) => void
}) {
  const { users } = useRuntime()
  const saved = profileValues(member)
  const [values, setValues] = useState(saved)
  const [currentPassword, setCurrentPassword] = useState('')
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [checked, setChecked] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const changed = Object.fromEntries(
    (Object.keys(values) as (keyof ProfileValues)[])
      .filter((key) => key !== 'company' && values[key] !== saved[key])
      .map((key) => [key, key === 'email' ? values[key].trim() : values[key]]),
  )
  const changesEmail = (next: ProfileValues) => next.email.trim().toLowerCase() !== saved.email.toLowerCase()
  const emailChanged = changesEmail(values)
  useUnsavedForm(Object.keys(changed).length > 0)

  const check = (next: ProfileValues, password: string): ProfileErrors => ({
    ...validateProfile(next),
    ...(changesEmail(next) && !password ? { currentPassword: 'This field is required.' } : {}),
  })

  const change = (field: keyof ProfileValues, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    if (checked) setErrors(check(next, currentPassword))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check(values, currentPassword)
    setChecked(true)
    setErrors(found)
    if (Object.keys(found).length || Object.keys(changed).length === 0) return
    setBusy(true)
    setFailure(null)
    try {
      const doc = await users.update(member.id, emailChanged ? { ...changed, currentPassword } : changed)
      storeUser(doc)
      setCurrentPassword('')
      toast.success('Saved', { description: 'Your profile has been updated successfully.' })
      onSaved(doc)
    } catch (error) {
      const refused = error instanceof StaffError ? error : null
      const field = refused?.fields[0]
      if (field && (field.field in values || field.field === 'currentPassword'))
        setErrors({ [field.field]: field.message })
      else setFailure(refused?.message ?? messages.generic)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-form" className={`${card} space-y-6 p-6`}>
      <h2 id="profile-form" className="text-base font-semibold text-slate-900">
        Edit Profile
      </h2>
      {failure && <Banner tone="danger">{failure}</Banner>}
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={PROFILE_LABELS[name]}
            name={name}
            type={name === 'email' ? 'email' : 'text'}
            disabled={name === 'company'}
            inputMode={name === 'postalCode' ? 'numeric' : name === 'email' ? 'email' : undefined}
            autoComplete={name === 'email' ? 'email' : undefined}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => change(name, event.target.value)}
          />
        ))}
        {emailChanged && (
          <TextField
            label="Current Password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value)
              if (checked) setErrors(check(values, event.target.value))
            }}
          />
        )}
        <div className="sm:col-span-2">
          <TextAreaField
            label={PROFILE_LABELS.aboutMe}
            name="aboutMe"
            rows={4}
            value={values.aboutMe}
            error={errors.aboutMe}
            onChange={(event) => change('aboutMe', event.target.value)}
          />
        </div>
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className={button.primary}>
        Update Profile
      </button>
    </form>
  )
}
