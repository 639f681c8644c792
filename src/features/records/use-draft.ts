/**
 * A form's state as "the stored record plus what the user changed". Fields
 * the user has not touched follow the record live (a change pulled from the
 * server shows up), and only touched fields are saved, so an old value on the
 * screen can never overwrite someone else's newer one.
 *
 * With a `key`, what is typed is also kept on the device as it is typed
 * (db/drafts.ts): a reload, a crash, a closed tab or a lock loses nothing, and
 * reopening the form brings the typing back (`restored` says so, and which of
 * those fields someone changed on the record since). Leaving the screen with
 * unsaved typing asks first (ui/unsaved-forms.ts); leaving anyway discards it.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { readDraft } from '../../db/drafts'
import { jsonEqual } from '../../db/equal'
import { useUnsavedForm } from '../../ui/unsaved-forms'
import { DraftKeeper } from './draft-keeper'
import { type FormValues, isChosenFile, movedUnder } from './field-values'

function prune(edits: FormValues, base: FormValues): FormValues {
  const kept = Object.entries(edits).filter(([field, value]) => !jsonEqual(base[field], value))
  return kept.length === Object.keys(edits).length ? edits : Object.fromEntries(kept)
}

/** A draft brought back when the form opened. */
export interface RestoredDraft {
  savedAt: number
  /** Drafted fields whose value on the record is no longer the one typed over. */
  changedSince: string[]
}

/** What of the typing the device can keep: a chosen image file is not kept (it is chosen again). */
const keepable = (changed: FormValues) =>
  Object.fromEntries(Object.entries(changed).filter(([, value]) => !isChosenFile(value)))

/** `typed`: what the form starts with as typed (text carried from another screen). */
export function useDraft(base: FormValues, key?: string, typed: FormValues = {}) {
  const { db, mutate } = useRuntime()
  const [edits, setEdits] = useState<FormValues>(typed)
  const [restored, setRestored] = useState<RestoredDraft | null>(null)
  /** The record's value of each typed field when its typing began. */
  const typedOver = useRef<FormValues>({})
  const keeper = useMemo(() => (key ? new DraftKeeper(mutate, key) : null), [mutate, key])
  /** Nothing is written until the stored draft has been read: it is never replaced unread. */
  const [read, setRead] = useState(!key)
  const baseNow = useRef(base)
  baseNow.current = base

  // Once the record holds an edit (it was saved, or someone made the same change), it is no longer an edit.
  useEffect(() => setEdits((current) => prune(current, base)), [base])

  useEffect(() => {
    if (!key) return
    let open = true
    void readDraft(db, key)
      .then((stored) => {
        if (!open || !stored) return
        const back = prune(stored.edits, baseNow.current)
        if (!Object.keys(back).length) return
        typedOver.current = { ...stored.typedOver, ...typedOver.current }
        // Typed since the form opened wins over the draft.
        setEdits((current) => ({ ...back, ...current }))
        setRestored({
          savedAt: stored.savedAt,
          changedSince: movedUnder(Object.keys(back), stored.typedOver, baseNow.current),
        })
      })
      .catch(() => undefined)
      .finally(() => open && setRead(true))
    return () => {
      open = false
    }
  }, [db, key])

  const values: FormValues = { ...base, ...edits }
  const changed: FormValues = {}
  for (const [field, value] of Object.entries(edits))
    if (!jsonEqual(base[field], value)) changed[field] = value

  // Typed over, and the record's value has moved since the typing began (someone else's change came in).
  const changedUnder = movedUnder(Object.keys(changed), typedOver.current, base)

  const kept = keepable(changed)
  const keptText = JSON.stringify(kept)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keptText is `kept`, compared by value.
  useEffect(() => {
    if (!keeper || !read) return
    const over = Object.fromEntries(
      Object.keys(kept).map((field) => [field, typedOver.current[field] ?? baseNow.current[field] ?? null]),
    )
    keeper.keep(kept, over)
  }, [keeper, read, keptText])

  const discard = () => {
    typedOver.current = {}
    setEdits({})
    setRestored(null)
    keeper?.drop()
  }
  useUnsavedForm(Object.keys(changed).length > 0, discard)

  return {
    values,
    changed,
    restored,
    set: (field: string, value: unknown) => {
      if (!(field in typedOver.current)) typedOver.current[field] = baseNow.current[field] ?? null
      setEdits((current) => ({ ...current, [field]: value }))
    },
    /** Typed fields whose value on the record someone else changed while they were typed. */
    changedUnder,
    /**
     * Drops these edits, so the fields show the record's value again: saved in a form the record will
     * not echo back as equal (a chosen image file), or the person took the other change instead.
     */
    forget: (fields: readonly string[]) => {
      for (const field of fields) delete typedOver.current[field]
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))),
      )
    },
    /** Drops the typing and its draft: the person chose to (the notice's Discard, or leaving anyway). */
    discard,
    /** The form was saved as a new record: its draft goes (the screen moves to the record's edit form). */
    saved: () => keeper?.drop(),
  }
}
