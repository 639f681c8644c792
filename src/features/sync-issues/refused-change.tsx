/**
 * A change the server refused (400/403/422): the danger notice of the product,
 * what to do about it, and 'Try again' / 'Discard my change'. On an edit
 * screen the refused fields are marked under the form's fields; elsewhere
 * they are listed here.
 */
import { useState } from 'react'
import type { OutboxOp } from '../../db/outbox-types'
import { mirrored } from '../../domain/collections'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { fieldLabel } from './field-labels'
import { IssueBanner } from './issue-banner'
import { whatHappened } from './issue-text'
import { useChangeActions } from './use-change-actions'

interface RefusedChangeProps {
  op: OutboxOp
  /** The screen marks the refused fields itself (an edit form). */
  fieldsOnScreen?: boolean
  live?: boolean
}

export function RefusedChange({ op, fieldsOnScreen = false, live = true }: RefusedChangeProps) {
  const { busy, retry, discard } = useChangeActions(op)
  const [asking, setAsking] = useState(false)
  const fieldErrors = op.lastError?.body?.errors?.[0]?.data ?? []
  let advice = 'Try again, or discard your change.'
  if (fieldErrors.length && fieldsOnScreen) {
    advice =
      'The fields it refused are marked below. Correct the fields and save again, or discard your change.'
  } else if (fieldErrors.length) advice = 'Correct the record and save it again, or discard your change.'

  return (
    <>
      <IssueBanner
        op={op}
        live={live}
        busy={busy}
        actions={[
          { label: 'Try again', look: 'secondary', onClick: () => void retry() },
          { label: 'Discard my change', look: 'secondary', onClick: () => setAsking(true) },
        ]}
      >
        <p>
          {whatHappened(op)} {advice}
        </p>
        {!fieldsOnScreen && fieldErrors.length > 0 && (
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
            {fieldErrors.map((error) => (
              <li key={`${error.field}:${error.message}`}>
                <span className="font-medium">{fieldLabel(op.collection, error.field)}:</span> {error.message}
              </li>
            ))}
          </ul>
        )}
      </IssueBanner>
      <ConfirmDialog
        open={asking}
        title="Discard your change?"
        description={
          op.kind === 'create'
            ? `This ${mirrored[op.collection].label} never reached the server, so it will be removed from this device.`
            : "The server's version will be shown again."
        }
        confirmLabel="Discard"
        cancelLabel="Keep it"
        onConfirm={() => {
          setAsking(false)
          void discard()
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}
