/**
 * A change that conflicts with someone else's (docs/sync.md): the danger
 * notice of the product, then either the per-field diff of the fields that
 * truly conflict with keep mine / take theirs / apply choices, or, for a
 * deletion, what the other person changed, with delete anyway / keep theirs.
 * Used by every edit screen and by the sync-issues page.
 */
import { useMemo, useState } from 'react'
import type { OutboxOp } from '../../db/outbox-types'
import { type Choice, changedSinceDelete, conflictDiff } from '../../sync/resolve'
import { type DiffRow, DiffTable } from '../../ui/diff-table'
import { formatValue } from '../../ui/format-value'
import { listed } from '../records/history-lines'
import { fieldLabel } from './field-labels'
import { IssueBanner } from './issue-banner'
import { whatHappened } from './issue-text'
import { useChangeActions } from './use-change-actions'

interface ConflictPanelProps {
  op: OutboxOp
  /** Announce the panel as an alert when it appears (an edit screen); off in a list of many. */
  live?: boolean
}

const every = (fields: string[], choice: Choice) => Object.fromEntries(fields.map((field) => [field, choice]))

export function ConflictPanel({ op, live = true }: ConflictPanelProps) {
  const actions = useChangeActions(op)
  if (op.kind !== 'delete') return <FieldConflict op={op} live={live} actions={actions} />
  return (
    <IssueBanner
      op={op}
      live={live}
      busy={actions.busy}
      actions={[
        { label: 'Delete anyway', look: 'danger', onClick: () => void actions.resolve({ record: 'mine' }) },
        {
          label: 'Keep their version',
          look: 'secondary',
          onClick: () => void actions.resolve({ record: 'theirs' }),
        },
      ]}
    >
      <p>{whatHappened(op)}</p>
      <TheirChanges op={op} />
    </IssueBanner>
  )
}

/** What the other person changed in the record this device deleted: the fields, before and now. */
function TheirChanges({ op }: { op: OutboxOp }) {
  const changed = useMemo(() => changedSinceDelete(op), [op])
  if (changed.length === 0) return null
  return (
    <div className="mt-2">
      <p>What they changed:</p>
      <dl className="mt-1 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 rounded-md bg-white p-3 text-sm">
        {changed.map((item) => (
          <div key={item.field} className="contents">
            <dt className="text-slate-500">{fieldLabel(op.collection, item.field)}</dt>
            <dd className="break-words text-slate-900">
              {formatValue(item.base) ?? 'Empty'} → {formatValue(item.theirs) ?? 'Empty'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function FieldConflict({ op, live, actions }: Required<ConflictPanelProps> & { actions: ChangeActions }) {
  const diff = useMemo(() => conflictDiff(op), [op])
  const fields = diff.map((item) => item.field)
  // Changed only here (or alike by both): not asked about, sent as the user's.
  const kept = Object.keys(op.patch).filter((field) => !fields.includes(field))
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const rows: DiffRow[] = diff.map((item) => ({
    field: item.field,
    label: fieldLabel(op.collection, item.field),
    base: formatValue(item.base),
    mine: formatValue(item.mine),
    theirs: formatValue(item.theirs),
  }))
  const { busy, resolve } = actions
  return (
    <IssueBanner
      op={op}
      live={live}
      busy={busy}
      actions={[
        { label: 'Keep mine', look: 'secondary', onClick: () => void resolve(every(fields, 'mine')) },
        { label: 'Take theirs', look: 'secondary', onClick: () => void resolve(every(fields, 'theirs')) },
        {
          label: 'Apply choices',
          look: 'primary',
          onClick: () => void resolve({ ...every(fields, 'mine'), ...choices }),
        },
      ]}
    >
      <p>{whatHappened(op)} Choose which version to keep for each field.</p>
      {kept.length > 0 && (
        <p className="mt-1">
          {`Your change to ${listed(kept.map((field) => fieldLabel(op.collection, field)))} is kept either way: nobody else changed ${kept.length === 1 ? 'it' : 'them'}.`}
        </p>
      )}
      <div className="mt-3 overflow-x-auto rounded-md border border-red-100 bg-white">
        <DiffTable
          caption="Your version and the server's, field by field"
          rows={rows}
          choices={choices}
          disabled={busy}
          onChoose={(field, choice) => setChoices((current) => ({ ...current, [field]: choice }))}
        />
      </div>
    </IssueBanner>
  )
}

type ChangeActions = ReturnType<typeof useChangeActions>
