/**
 * A change that conflicts with someone else's (docs/sync.md): the danger
 * notice of the product, then either the per-field diff with keep mine / take
 * theirs / apply choices, or, for a deletion, delete anyway / keep theirs.
 * Used by every edit screen and by the sync-issues page.
 */
import { useMemo, useState } from 'react'
import type { OutboxOp } from '../../db/outbox-types'
import { type Choice, conflictDiff } from '../../sync/resolve'
import { Banner } from '../../ui/banner'
import { type DiffRow, DiffTable } from '../../ui/diff-table'
import { formatValue } from '../../ui/format-value'
import { button } from '../../ui/styles'
import { fieldLabel } from './field-labels'
import { problemTitle, whatHappened } from './issue-text'
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
    <Banner
      tone="danger"
      live={live}
      title={problemTitle(op)}
      actions={
        <>
          <button
            type="button"
            disabled={actions.busy}
            className={button.danger}
            onClick={() => void actions.resolve({ record: 'mine' })}
          >
            Delete anyway
          </button>
          <button
            type="button"
            disabled={actions.busy}
            className={button.secondary}
            onClick={() => void actions.resolve({ record: 'theirs' })}
          >
            Keep their version
          </button>
        </>
      }
    >
      {whatHappened(op)}
    </Banner>
  )
}

function FieldConflict({ op, live, actions }: Required<ConflictPanelProps> & { actions: ChangeActions }) {
  const diff = useMemo(() => conflictDiff(op), [op])
  const fields = diff.map((item) => item.field)
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
    <Banner
      tone="danger"
      live={live}
      title={problemTitle(op)}
      actions={
        <>
          <button
            type="button"
            disabled={busy}
            className={button.secondary}
            onClick={() => void resolve(every(fields, 'mine'))}
          >
            Keep mine
          </button>
          <button
            type="button"
            disabled={busy}
            className={button.secondary}
            onClick={() => void resolve(every(fields, 'theirs'))}
          >
            Take theirs
          </button>
          <button
            type="button"
            disabled={busy}
            className={button.primary}
            onClick={() => void resolve({ ...every(fields, 'mine'), ...choices })}
          >
            Apply choices
          </button>
        </>
      }
    >
      <p>{whatHappened(op)} Choose which version to keep for each field.</p>
      <div className="mt-3 overflow-x-auto rounded-md border border-red-100 bg-white">
        <DiffTable
          caption="Your version and the server's, field by field"
          rows={rows}
          choices={choices}
          disabled={busy}
          onChoose={(field, choice) => setChoices((current) => ({ ...current, [field]: choice }))}
        />
      </div>
    </Banner>
  )
}

type ChangeActions = ReturnType<typeof useChangeActions>
