/**
 * The delete question for many records at once (a list's selection), and its outcomes: 'Delete 12
 * contacts?' naming the first few, then 'Deleted!' with 'Undo' while the deletes wait on the device
 * (mutators.ts, UNDO_MS), or 'Cancelled'. The deletes are one write on the device and leave in
 * batches (docs/sync.md). What the deletes leave without a record (a company's contacts) is said as for
 * one record's delete, for the first NAMED_UP_TO records.
 */
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { type CollectionName, collections, counted } from '../../domain/collections'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { reportSaveError } from './save-errors'
import { undoNotice } from './undo-notice'
import { listed, unlinkedBy } from './unlinked-by'

export interface BulkTarget {
  ids: readonly string[]
  /** The first few records' names, for the question. */
  names: readonly string[]
}

/** Records whose consequences the question works out one by one; past it, it says so in general. */
const NAMED_UP_TO = 20

const namesText = (names: readonly string[], total: number) => {
  const rest = total - names.length
  if (names.length === 0) return ''
  return rest > 0 ? `${names.join(', ')} and ${rest.toLocaleString('en')} more.` : `${listed(names)}.`
}

export function useBulkDelete(collection: CollectionName, onDeleted: () => void) {
  const { db, mutate } = useRuntime()
  const [target, setTarget] = useState<BulkTarget | null>(null)
  const [consequence, setConsequence] = useState<{ of: BulkTarget; text: string } | null>(null)
  useEffect(() => {
    if (!target) return
    let asking = true
    const some = target.ids.slice(0, NAMED_UP_TO)
    Promise.all(some.map((id) => unlinkedBy(db, collection, id)))
      .then((texts) => {
        const said = texts.filter((text): text is string => text !== null)
        if (!asking || said.length === 0) return
        const beyond = target.ids.length > some.length ? ' Others may be too.' : ''
        setConsequence({ of: target, text: `${said.join(' ')}${beyond}` })
      })
      .catch(() => undefined)
    return () => {
      asking = false
    }
  }, [target, db, collection])

  const confirm = async ({ ids }: BulkTarget) => {
    setTarget(null)
    const n = ids.length
    try {
      const undo = await mutate.removeMany(collection, ids)
      onDeleted()
      undoNotice('Deleted!', `${counted(collection, n)} ${n === 1 ? 'has' : 'have'} been deleted.`, {
        undo,
        undone: (back: number) => {
          if (back === n)
            toast.success('Restored', {
              description: `${counted(collection, n)} ${n === 1 ? 'is' : 'are'} back.`,
            })
          else if (back === 0)
            toast.error('Too late to undo', {
              description: 'The deletes have reached the server. An Admin can restore them from the Trash.',
            })
          else
            toast.error(`${counted(collection, back)} of ${n.toLocaleString('en')} are back`, {
              description:
                "The others' deletes have reached the server. An Admin can restore them from the Trash.",
            })
        },
      })
    } catch (error) {
      reportSaveError(error)
    }
  }

  const n = target?.ids.length ?? 0
  const { label, path } = collections[collection]
  const more = consequence && consequence.of === target ? ` ${consequence.text}` : ''
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${counted(collection, n)}?`}
      description={`You will not be able to recover ${n === 1 ? `this ${label}` : `these ${path}`}! ${namesText(target?.names ?? [], n)}${more}`}
      confirmLabel="Yes, delete!"
      cancelLabel="No, keep"
      onConfirm={() => target && void confirm(target)}
      onCancel={() => {
        if (target)
          toast('Cancelled', {
            description: `The ${n === 1 ? label : path} ${n === 1 ? 'is' : 'are'} safe :)`,
          })
        setTarget(null)
      }}
    />
  )
  return { ask: setTarget, dialog }
}
