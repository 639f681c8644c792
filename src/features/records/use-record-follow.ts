/**
 * An open edit screen follows its record: the fields the form shows follow the record live
 * (use-draft.ts), and this says which of them someone else's change just set, and who made it,
 * for the quiet note above the form. This screen's own saves are not news: a value it saved
 * coming back is left out.
 */
import { useEffect, useRef, useState } from 'react'
import { jsonEqual } from '../../db/equal'
import type { CollectionName } from '../../domain/collections'
import type { HistoryEntry } from '../../domain/history'
import type { FormValues } from './field-values'
import { useStoredHistory } from './use-record-history'

/** Fields someone else's change set on the open record, and the version it made. */
export interface RecordChange {
  fields: string[]
  version: unknown
}

export function useRecordFollow(collection: CollectionName, id: string, saved: FormValues, version: unknown) {
  const previous = useRef(saved)
  /** What this screen saved, field by field: its coming back is no one else's change. */
  const ownSaves = useRef<FormValues>({})
  const [change, setChange] = useState<RecordChange | null>(null)
  const history = useStoredHistory(collection, id)

  useEffect(() => {
    const before = previous.current
    previous.current = saved
    if (before === saved) return
    const fields = Object.keys(saved).filter(
      (field) =>
        !jsonEqual(before[field], saved[field]) &&
        !(field in ownSaves.current && jsonEqual(ownSaves.current[field], saved[field])),
    )
    if (fields.length) setChange({ fields, version })
  }, [saved, version])

  return {
    change,
    /** Who made the change, once the history read after it says (the History card reads it). */
    changedBy: change ? historyFrom(history?.entries, change.version)[0]?.by : undefined,
    /**
     * Who set `field` to the value the record shows now: the latest change to it in the history from
     * the record's version back. Until the history at that version is on the device, nobody: the
     * newest entry it holds may be the change before, and would name the wrong person. The note
     * under the field shows at once, as "Someone" (record-change-notes.tsx), rather than waiting:
     * it carries their value and 'Use theirs', which the person needs before saving over it, and
     * the history needs a connection that may be gone; the name fills in when the history comes.
     */
    lastChangedBy: (field: string) =>
      historyFrom(history?.entries, version).find((entry) => entry.changes && field in entry.changes)?.by,
    dismiss: () => setChange(null),
    /** Called with what this screen is about to save. */
    saving: (values: FormValues) => {
      ownSaves.current = { ...ownSaves.current, ...values }
    },
  }
}

/** The history from the entry at `version` back (the latest first); none while the device has no entry there. */
function historyFrom(entries: HistoryEntry[] | undefined, version: unknown): HistoryEntry[] {
  const at = entries?.findIndex((entry) => entry.version === version) ?? -1
  return entries && at >= 0 ? entries.slice(at) : []
}
