/**
 * /admin/users/edit/{id}: a member's role and profile, a new password, the
 * unlock of an account that sign-in throttling locked, and the delete (never
 * of oneself). Each is done on the server at once, so it needs the network.
 */

import { useNavigate, useParams } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { messages } from '../../domain/errors'
import { type Account, newPasswordProblem } from '../../domain/user'
import { failureText, OnlineCallError } from '../../sync/online-call'
import { Banner } from '../../ui/banner'
import { button, card } from '../../ui/styles'
import { useUnsavedForm } from '../../ui/unsaved-forms'
import { BackLink } from '../records/back-link'
import { OnlineNotice } from '../records/online-notice'
import { checkStaff } from './check-staff'
import { PasswordField, PasswordToHandOver } from './password-field'
import {
  changedFields,
  errorsByField,
  type StaffErrors,
  StaffFields,
  type StaffValues,
  valuesOf,
} from './staff-fields'
import { memberName, useDeleteMember } from './use-delete-member'
import { useStaffMember } from './use-staff'

/** A refusal as field errors where the form has the field, else as one message above the form. */
function refusal(error: unknown, known: readonly string[]) {
  const refused = error instanceof OnlineCallError ? error : null
  const fields = (refused?.fields ?? []).filter((item) => known.includes(item.field))
  return {
    errors: errorsByField(fields),
    message: fields.length ? null : (refused?.fields[0]?.message ?? refused?.message ?? messages.generic),
  }
}

function ProfileForm({ member, onSaved }: { member: Account; onSaved: (member: Account) => void }) {
  const { mutate, user } = useRuntime()
  const saved = valuesOf(member)
  const [values, setValues] = useState<StaffValues>(saved)
  const [errors, setErrors] = useState<StaffErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const changed = changedFields(values, saved)
  useUnsavedForm(Object.keys(changed).length > 0)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkStaff(values)
    setErrors(found)
    if (Object.keys(found).length || Object.keys(changed).length === 0) return
    setBusy(true)
    setFailure(null)
    try {
      // An Admin editing their own account here: My Profile and the sidebar show it at once.
      const updated = await mutate.updateAccount(member.id, changed)
      toast.success('Saved', { description: 'This user has been updated successfully.' })
      onSaved(updated)
    } catch (error) {
      const { errors: fieldErrors, message } = refusal(error, Object.keys(values))
      setErrors(fieldErrors)
      setFailure(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className={`${card} space-y-6 p-5 sm:p-6`}>
      <h2 className="text-lg font-semibold text-slate-900">{memberName(member)}</h2>
      {failure && <Banner tone="danger">{failure}</Banner>}
      <StaffFields
        values={values}
        errors={errors}
        roleLocked={member.id === user.id}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={button.primary}>
        Update User
      </button>
    </form>
  )
}

function PasswordReset({ member }: { member: Account }) {
  const { users } = useRuntime()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [handedOver, setHandedOver] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const tooShort = newPasswordProblem(password)
    if (tooShort) return setError(tooShort)
    setBusy(true)
    setError(undefined)
    try {
      await users.update(member.id, { password })
      setHandedOver(password)
      setPassword('')
    } catch (failure) {
      const { errors, message } = refusal(failure, ['password'])
      setError(errors.password ?? message ?? undefined)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className={`${card} space-y-4 p-5 sm:p-6`}>
      <h2 className="text-base font-semibold text-slate-900">Reset the password</h2>
      <p className="text-[13px] text-slate-500">
        Their other sessions end; they sign in again with the new password.
      </p>
      {handedOver && <PasswordToHandOver email={member.email} password={handedOver} />}
      <PasswordField label="New Password" value={password} error={error} onChange={setPassword} />
      <button type="submit" disabled={busy} aria-busy={busy} className={button.secondary}>
        Reset Password
      </button>
    </form>
  )
}

function AccountActions({ member, onDeleted }: { member: Account; onDeleted: () => void }) {
  const { users, user } = useRuntime()
  const deletion = useDeleteMember(onDeleted)
  const unlock = async () => {
    try {
      await users.unlock(member.email)
      toast.success('Unlocked', { description: `${memberName(member)} can sign in again.` })
    } catch (error) {
      toast.error(failureText(error))
    }
  }
  return (
    <section aria-labelledby="account-actions" className={`${card} space-y-4 p-5 sm:p-6`}>
      <h2 id="account-actions" className="text-base font-semibold text-slate-900">
        Account
      </h2>
      <p className="text-[13px] text-slate-500">
        After too many wrong passwords, sign-in pauses for this account. Unlock it when you know it was them.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button.secondary} onClick={() => void unlock()}>
          Unlock account
        </button>
        {member.id !== user.id && (
          <button
            type="button"
            className={button.danger}
            onClick={() => deletion.ask({ id: member.id, name: memberName(member) })}
          >
            Delete
          </button>
        )}
      </div>
      {deletion.dialog}
    </section>
  )
}

export function EditStaffPage() {
  const { id } = useParams({ from: '/signed-in/admin/users/edit/$id' })
  const navigate = useNavigate()
  const loaded = useStaffMember(id)
  const [member, setMember] = useState<Account | null>(null)
  useEffect(() => setMember(loaded.data), [loaded.data])

  return (
    <div className="space-y-4">
      <BackLink to="/admin/users" />
      {loaded.error && <OnlineNotice error={loaded.error} onRetry={loaded.reload} />}
      {member && (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          {/* Keyed by the answer, so a save's answer becomes the form's new starting point. */}
          <ProfileForm key={member.updatedAt} member={member} onSaved={setMember} />
          <div className="space-y-4">
            <PasswordReset member={member} />
            <AccountActions
              member={member}
              onDeleted={() => void navigate({ to: '/admin/users', ignoreBlocker: true })}
            />
          </div>
        </div>
      )}
    </div>
  )
}
