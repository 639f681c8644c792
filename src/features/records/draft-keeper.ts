/**
 * Writes one form's draft to the device as it is typed (db/drafts.ts, through the runtime's door):
 * one write at a time, and only the newest state waits behind it, so a burst of typing costs two
 * writes and the last keystroke is never lost, even when the form closes while a write runs.
 */
import type { Mutators } from '../../sync/mutators'
import type { FormValues } from './field-values'

export class DraftKeeper {
  private writing = false
  private next: (() => Promise<void>) | null = null

  constructor(
    private readonly mutate: Pick<Mutators, 'keepDraft' | 'dropDraft'>,
    private readonly key: string,
  ) {}

  /** The form's typing now (no field typed: the draft goes); `typedOver` holds each field's record value. */
  keep(edits: FormValues, typedOver: FormValues) {
    this.queue(() =>
      Object.keys(edits).length
        ? this.mutate.keepDraft({ key: this.key, edits, typedOver })
        : this.mutate.dropDraft(this.key),
    )
  }

  drop() {
    this.queue(() => this.mutate.dropDraft(this.key))
  }

  private queue(write: () => Promise<void>) {
    this.next = write
    if (!this.writing) void this.flush()
  }

  private async flush() {
    this.writing = true
    while (this.next) {
      const write = this.next
      this.next = null
      // A draft that cannot be kept (a full disk) leaves the form as it is: the typing is still on screen.
      await write().catch(() => undefined)
    }
    this.writing = false
  }
}
