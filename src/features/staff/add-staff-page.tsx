/**
 * /admin/users/add: a new member of staff with a role and a first password,
 * typed or generated. The account is made on the server at once; the
 * password is then shown once to hand over, and the account opens.
 */

import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { messages } from '../../domain/errors'
import { type Account, newPasswordProblem } from '../../domain/user'
import { OnlineCallError } from '../../sync/online-call'
import { Banner } from '../../ui/banner'
import { button, card } from '../../ui/styles'
import { useUnsavedForm } from '../../ui/unsaved-forms'
import { BackLink } from '../records/back-link'
import { checkStaff } from './check-staff'
import { PasswordField, PasswordToHandOver } from './password-field'
import { BLANK_STAFF, errorsByField, type StaffErrors, StaffFields, type StaffValues } from './staff-fields'

export function AddStaffPage() {
  const { users } = useRuntime()
  const [values, setValues] = useState<StaffValues>(BLANK_STAFF)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<StaffErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<{ member: Account; password: string } | null>(null)
  useUnsavedForm(!created && (password !== '' || JSON.stringify(values) !== JSON.stringify(BLANK_STAFF)))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const tooShort = newPasswordProblem(password)
    const found = { ...checkStaff(values), ...(tooShort ? { password: tooShort } : {}) }
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    setFailure(null)
    try {
      const member = await users.create({ ...values, password })
      setCreated({ member, password })
    } catch (error) {
      const refused = error instanceof OnlineCallError ? error : null
      setErrors(errorsByField(refused?.fields ?? []))
      setFailure(refused?.fields.length ? null : (refused?.message ?? messages.generic))
    } finally {
      setBusy(false)
    }
  }

  if (created)
    return (
      <div className={`${card} max-w-2xl space-y-4 p-5 sm:p-6`}>
        <h2 className="text-lg font-semibold text-slate-900">Account created</h2>
        <PasswordToHandOver email={created.member.email} password={created.password} />
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/users/edit/$id" params={{ id: created.member.id }} className={button.primary}>
            Open the account
          </Link>
          <Link to="/admin/users" className={button.secondary}>
            Back to the list
          </Link>
        </div>
      </div>
    )

  return (
    <div className="space-y-4">
      <BackLink to="/admin/users" />
      <form noValidate onSubmit={submit} className={`${card} space-y-6 p-5 sm:p-6`}>
        <h2 className="text-lg font-semibold text-slate-900">Add a member of staff</h2>
        {failure && <Banner tone="danger">{failure}</Banner>}
        <StaffFields
          values={values}
          errors={errors}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        <PasswordField label="Password" value={password} error={errors.password} onChange={setPassword} />
        <button type="submit" disabled={busy} aria-busy={busy} className={button.primary}>
          Save User
        </button>
      </form>
    </div>
  )
}
