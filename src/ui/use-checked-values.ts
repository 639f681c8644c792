/**
 * A form's values, checked as every Outpost form checks them: nothing is said before the first submit,
 * then each change is checked again, so a message goes away as soon as the value is right.
 */
import { useState } from 'react'

export function useCheckedValues<V extends object, E extends object>(initial: V, validate: (values: V) => E) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<E>({} as E)
  const [checked, setChecked] = useState(false)

  const change = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value }
    setValues(next)
    if (checked) setErrors(validate(next))
  }

  /** On submit: checks every field, shows what is wrong, and says whether the form may be sent. */
  const check = () => {
    const found = validate(values)
    setChecked(true)
    setErrors(found)
    return Object.keys(found).length === 0
  }

  return { values, errors, setErrors, change, check }
}
