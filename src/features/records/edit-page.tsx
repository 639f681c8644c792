/**
 * An entity's edit screen: the record as this device has it, live, with its
 * sync state and any refused or conflicting change beside the form. Update
 * saves on this device at once ('Saved - This contact has been updated
 * successfully.'); the sync sends it later, and any refusal comes back here as
 * field errors and a banner. A save that throws (a full disk) keeps everything
 * typed. An entity adds its own panel with `aside` (a contact's info card).
 * Below the form, the record's history (record-history.tsx).
 */
import { Link, useParams } from '@tanstack/react-router'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp } from '../../db/outbox-types'
import { collections } from '../../domain/collections'
import { card } from '../../ui/styles'
import { BackLink } from './back-link'
import { DraftNotice } from './draft-notice'
import { DuplicateNotice } from './duplicate-notice'
import { errorsByField, type FieldErrors, formValuesOf, isChosenFile } from './field-values'
import { OthersViewing } from './others-viewing'
import { RecordChangedNote, TheirValueNote } from './record-change-notes'
import { RecordFormCard } from './record-form'
import { RecordHistoryCard } from './record-history'
import { useRecord, useRecordOps } from './record-hooks'
import { RecordIssues } from './record-issues-slot'
import { reportSaveError } from './save-errors'
import type { EntityScreen } from './screens'
import { SyncStateLine, serverFieldErrors } from './sync-state-line'
import { useDraft } from './use-draft'
import { holdsSave, useDuplicates } from './use-duplicates'
import { useOthersViewing } from './use-others-viewing'
import { useRecordFollow } from './use-record-follow'
import { useScreen } from './use-screen'

type StoredRecord = { id: string } & Record<string, unknown>

export interface EditPageProps {
  /** A panel beside the form (below it on narrow screens), given the record as saved. */
  aside?: (record: StoredRecord, name: string) => ReactNode
  /** Above the form, beside the back link (a company's jump-to-another dropdown). */
  toolbar?: (record: StoredRecord) => ReactNode
}

export function EditPage({ aside, toolbar }: EditPageProps) {
  const screen = useScreen()
  const { id = '' } = useParams({ strict: false })
  const record = useRecord(screen.collection, id) as StoredRecord | null | undefined
  const ops = useRecordOps(screen.collection, id)

  if (record === undefined || ops === undefined) return null
  if (record === null) return <MissingRecord screen={screen} ops={ops} />
  return <EditForm key={id} screen={screen} record={record} ops={ops} aside={aside} toolbar={toolbar} />
}

function MissingRecord({ screen, ops }: { screen: EntityScreen; ops: OutboxOp[] }) {
  // A deletion the server refused or that conflicts still needs a decision, and 'Keep their version' brings it back.
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <RecordIssues ops={ops} fieldsOnScreen={false} />
      <div className={`${card} space-y-3 p-8 text-center`}>
        <h2 className="text-lg font-semibold text-slate-900">
          This {collections[screen.collection].label} no longer exists.
        </h2>
        <p className="text-sm text-slate-500">It may have been deleted, here or by someone else.</p>
        <Link
          to={screen.paths.list}
          className="inline-flex items-center text-sm font-medium text-brand hover:text-brand-dark pointer-coarse:min-h-11"
        >
          Back to the list
        </Link>
      </div>
    </div>
  )
}

interface EditFormProps extends EditPageProps {
  screen: EntityScreen
  record: StoredRecord
  ops: OutboxOp[]
}

function EditForm({ screen, record, ops, aside, toolbar }: EditFormProps) {
  const { collection, editFields, texts } = screen
  const { label, displayName, image } = collections[collection]
  const { mutate } = useRuntime()
  const saved = useMemo(() => formValuesOf(editFields, record), [editFields, record])
  const draft = useDraft(saved, `${collection}:${record.id}`)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  // The server's refusal first, then this screen's own check on top (the newer word wins).
  const shownErrors = useMemo(() => ({ ...errorsByField(serverFieldErrors(ops)), ...errors }), [ops, errors])
  const name = displayName(record) || `this ${label}`

  const duplicates = useDuplicates(collection, draft.values, record)
  const follow = useRecordFollow(collection, record.id, saved, record.version)
  const othersViewing = useOthersViewing(collection, record.id)

  const save = async (anyway = false) => {
    // One save at a time: a second click or Enter while one is under way starts nothing.
    if (saving.current) return
    saving.current = true
    // Busy from the click: the look for duplicates may first wait for the list index to be built
    // (seconds in a fresh tab at 100,000 contacts).
    setBusy(true)
    try {
      // An edit that makes it like another record waits for 'Save anyway'.
      if (!anyway && (await holdsSave(duplicates))) return
      const { [image?.field ?? '']: imageEdit, ...fields } = draft.changed
      const imageChanged = image !== undefined && image.field in draft.changed
      let changed: string[] = []
      if (Object.keys(fields).length) {
        follow.saving(fields)
        const result = await mutate.save(collection, record.id, fields)
        if (!result.ok) return setErrors(errorsByField(result.errors))
        changed = result.changed
      }
      if (imageChanged && image) {
        if (isChosenFile(imageEdit)) await mutate.setImage(collection, record.id, imageEdit.file)
        else await mutate.clearImage(collection, record.id)
        draft.forget([image.field])
        changed.push(image.field)
      }
      setErrors({})
      if (changed.length) toast.success(`Saved - This ${label} has been updated successfully.`)
      else toast.info('Nothing to update: no field was changed.')
    } catch (error) {
      reportSaveError(error)
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const headingId = `edit-${collection}`
  const panel = aside?.(record, name)
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to={screen.paths.list} />
        <div className="flex flex-wrap items-center gap-3">
          {toolbar?.(record)}
          <SyncStateLine ops={ops} />
        </div>
      </div>
      <RecordIssues ops={ops} />
      <OthersViewing names={othersViewing} label={label} />
      {follow.change && (
        <RecordChangedNote
          collection={collection}
          fields={follow.change.fields}
          by={follow.changedBy}
          onDismiss={follow.dismiss}
        />
      )}
      <DraftNotice
        restored={draft.restored}
        labelOf={(field) => collections[collection].fields[field]?.label ?? field}
        onDiscard={draft.discard}
      />
      <div
        className={
          // One column of at most the screen's width (grid-cols-1 is minmax(0, 1fr)): a long value in the
          // panel wraps instead of widening the page.
          panel
            ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]'
            : 'mx-auto max-w-3xl'
        }
      >
        <div className="flex min-w-0 flex-col gap-6">
          <RecordFormCard
            headingId={headingId}
            heading={name}
            collection={collection}
            fields={editFields}
            values={draft.values}
            errors={shownErrors}
            submitLabel={texts.updateButton}
            busy={busy}
            onChange={draft.set}
            onSubmit={() => save()}
            fieldNotes={Object.fromEntries(
              draft.changedUnder.map((field) => [
                field,
                <TheirValueNote
                  key={field}
                  collection={collection}
                  field={field}
                  value={saved[field]}
                  by={follow.lastChangedBy(field)}
                  onUseTheirs={() => draft.forget([field])}
                />,
              ]),
            )}
            notice={
              <DuplicateNotice
                screen={screen}
                check={duplicates}
                busy={busy}
                onSaveAnyway={() => void save(true)}
                recordId={record.id}
              />
            }
          />
          <RecordHistoryCard collection={collection} id={record.id} version={record.version} ops={ops} />
        </div>
        {panel}
      </div>
    </div>
  )
}
