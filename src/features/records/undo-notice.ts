/**
 * The notice after a change made on the device that may still be taken back: 'Deleted!' after a
 * record's delete or a selection's, 'Saved' after a selection's edit, each with 'Undo' while the change
 * waits on the device (mutators.ts, UNDO_MS). One place, so the three offer 'Undo' alike and for as long.
 */
import { toast } from 'sonner'
import { reportSaveError } from './save-errors'

/** How long 'Undo' is offered: a little less than the delete waits on the device. */
const UNDO_OFFER_MS = 7_000

/** What 'Undo' does: `undo` takes the change back, and `undone` says how that went by its answer. */
interface UndoOffer<T> {
  undo: () => Promise<T>
  undone: (answer: T) => unknown
}

/**
 * A success notice; with an offer, it shows 'Undo' for UNDO_OFFER_MS, and an undo that fails is reported
 * as a failed save is (reportSaveError). Without one (a delete the server made) it is a plain notice, of
 * the usual length.
 */
export function undoNotice<T>(title: string, description: string, offer?: UndoOffer<T>) {
  toast.success(title, {
    description,
    ...(offer && {
      duration: UNDO_OFFER_MS,
      action: {
        label: 'Undo',
        onClick: () => void offer.undo().then(offer.undone, reportSaveError),
      },
    }),
  })
}
