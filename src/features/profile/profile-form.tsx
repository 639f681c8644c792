/**
 * My Profile's form: company (set by an Admin, so disabled), username, email,
 * names, address, city, country, postal code and about me; 'Update Profile'.
 * The rules are checked on submit and then as the user types.
 *
 * A save is written on the device first and queued, like any record's, so it
 * works offline and shows at once. The email is the exception: changing it
 * takes the current password, which never waits in the outbox, so that save
 * goes to the server directly and needs a connection (the form says so and
 * keeps what was typed).
 */

import { type FormEvent, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp } from '../../db/outbox-types'
import { type Account, PROFILE_LABELS, PROFILE_TEXT_FIELDS } from '../../domain/user'
import { failureText, OnlineCallError } from '../../sync/online-call'
import { Banner } from '../../ui/banner'
import { TextField } from '../../ui/field'
import { button, card } from '../../ui/styles'
import { useOnline } from '../../ui/use-online'
import { DraftNotice } from '../records/draft-notice'
import { errorsByField } from '../records/field-values'
import { ProfileField } from '../records/profile-field'
import { reportSaveError } from '../records/save-errors'
import { SyncStateLine, serverFieldErrors } from '../records/sync-state-line'
import { useDraft } from '../records/use-draft'
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

export const EMAIL_OFFLINE_TEXT =
  'You are offline. Changing your email needs a connection to the server; your other changes can be saved offline.'

export const profileValues = (account: Account): ProfileValues =>
  Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, account[field]])) as ProfileValues

export function ProfileForm({ account, ops }: { account: Account; ops: OutboxOp[] }) {
  const { mutate } = useRuntime()
  const online = useOnline()
  const saved = useMemo(() => profileValues(account), [account])
  const draft = useDraft(saved, `profile:${account.id}`)
  const values = draft.values as ProfileValues
  const [currentPassword, setCurrentPassword] = useState('')
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [checked, setChecked] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The server's refusal of a queued save first, then this form's own check (the newer word wins).
  const shownErrors: ProfileErrors = { ...errorsByField(serverFieldErrors(ops)), ...errors }

  const changesEmail = (next: ProfileValues) => next.email.trim().toLowerCase() !== saved.email.toLowerCase()
  const emailChanged = changesEmail(values)

  const check = (next: ProfileValues, password: string): ProfileErrors => ({
    ...validateProfile(next),
    ...(changesEmail(next) && !password ? { currentPassword: 'This field is required.' } : {}),
  })

  const change = (field: keyof ProfileValues, value: string) => {
    draft.set(field, value)
    if (checked) setErrors(check({ ...values, [field]: value }, currentPassword))
  }

  /** The fields to save: the company is an Admin's, and the email is sent as typed but trimmed. */
  const changed = () =>
    Object.fromEntries(
      Object.entries(draft.changed)
        .filter(([field]) => field !== 'company')
        .map(([field, value]) => [field, field === 'email' ? String(value).trim() : value]),
    )

  const saveOnline = async (patch: Record<string, unknown>) => {
    try {
      await mutate.updateAccount(account.id, { ...patch, currentPassword })
      setCurrentPassword('')
      return true
    } catch (error) {
      const refused = error instanceof OnlineCallError ? error : null
      const field = refused?.fields[0]
      if (field && (field.field in values || field.field === 'currentPassword'))
        setErrors({ [field.field]: field.message })
      else setFailure(refused?.offline ? EMAIL_OFFLINE_TEXT : failureText(error))
      return false
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check(values, currentPassword)
    setChecked(true)
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length) return
    const patch = changed()
    if (Object.keys(patch).length === 0) {
      toast.info('Nothing to update: no field was changed.')
      return
    }
    if (emailChanged && !online) {
      setFailure(EMAIL_OFFLINE_TEXT)
      return
    }
    setBusy(true)
    try {
      if (emailChanged) {
        if (!(await saveOnline(patch))) return
      } else {
        await mutate.saveProfile(account.id, patch)
      }
      toast.success('Saved', { description: 'Your profile has been updated successfully.' })
    } catch (error) {
      reportSaveError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-form" className={`${card} space-y-6 p-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="profile-form" className="text-base font-semibold text-slate-900">
          Edit Profile
        </h2>
        <SyncStateLine ops={ops} />
      </div>
      <DraftNotice
        restored={draft.restored}
        labelOf={(field) => (PROFILE_LABELS as Record<string, string>)[field] ?? field}
        onDiscard={draft.discard}
      />
      {failure && <Banner tone={failure === EMAIL_OFFLINE_TEXT ? 'info' : 'danger'}>{failure}</Banner>}
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((name) => (
          <ProfileField
            key={name}
            name={name}
            disabled={name === 'company'}
            ownDetails
            value={values[name]}
            error={shownErrors[name]}
            onChange={(value) => change(name, value)}
          />
        ))}
        {emailChanged && (
          <TextField
            label="Current Password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            error={shownErrors.currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value)
              if (checked) setErrors(check(values, event.target.value))
            }}
          />
        )}
        <div className="sm:col-span-2">
          <ProfileField
            name="aboutMe"
            value={values.aboutMe}
            error={shownErrors.aboutMe}
            onChange={(value) => change('aboutMe', value)}
          />
        </div>
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className={button.primary}>
        Update Profile
      </button>
    </form>
  )
}
