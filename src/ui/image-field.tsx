/**
 * An image in a form: pick one (click, tap, keyboard, or drop a file on the
 * field), see it, change it or remove it. The file input is the browser's own,
 * stretched invisibly over the drop zone, so its picker, keyboard handling and
 * screen reader announcement all come for free; only the look is ours.
 * It only reports the chosen File: storing and uploading it is the screen's job.
 */
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react'
import { cx } from './cx'
import { PlusIcon } from './icons'
import { button } from './styles'

export interface ImageFieldProps {
  label: string
  /** What to preview: an object URL or an /images/… URL; null when there is no image. */
  src: string | null
  filename?: string
  onChoose: (file: File) => void
  onRemove: () => void
  error?: string
  /** Disables the controls while a save runs. */
  busy?: boolean
}

/** What the server stores. Naming the types (not image/*) also makes iOS hand over its HEIC photos as JPEG. */
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']
const REFUSED = 'Choose a PNG, JPEG, WebP or GIF image.'

/** Preview and drop zone share one height, so choosing or removing an image does not move the form. */
const frame = 'h-40 w-full rounded-lg border'

export function ImageField({
  label,
  src,
  filename,
  onChoose,
  onRemove,
  error,
  busy = false,
}: ImageFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const fileInput = useRef<HTMLInputElement>(null)
  const [refused, setRefused] = useState(false)
  const [dragging, setDragging] = useState(false)
  // The refusal is about what the user just did, so it speaks over an older error from the form.
  const message = refused ? REFUSED : error

  const take = (file: File | undefined) => {
    if (!file || busy) return
    if (!ACCEPTED.includes(file.type)) {
      setRefused(true)
      return
    }
    setRefused(false)
    onChoose(file)
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0])
    // Emptied, so that choosing the same file again (after a Remove) is still a change.
    event.target.value = ''
  }

  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return
      // Without this the browser would open the dropped file in place of the app.
      event.preventDefault()
      event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
      setDragging(true)
    },
    onDragLeave: (event: DragEvent) => {
      // Moving over the zone's own children also fires dragleave; only leaving the zone counts.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return
      event.preventDefault()
      setDragging(false)
      take(event.dataTransfer.files[0])
    },
  }

  const fileControl = (
    <input
      ref={fileInput}
      id={id}
      type="file"
      accept={ACCEPTED.join(',')}
      disabled={busy}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
      onChange={onChange}
      // Empty: it covers the drop zone, so a click or tap anywhere on it opens the picker.
      // With an image: out of sight and out of the tab order; the Change button opens it.
      className={
        src === null
          ? 'absolute inset-0 size-full cursor-pointer opacity-0 file:cursor-pointer disabled:cursor-not-allowed'
          : 'sr-only'
      }
      tabIndex={src === null ? undefined : -1}
    />
  )

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {src === null ? (
        <div
          {...dropTarget}
          className={cx(
            frame,
            'relative flex flex-col items-center justify-center gap-2 border-2 border-dashed px-4 text-center transition-colors',
            // The input is invisible, so its keyboard focus ring is drawn on the zone.
            'outline-brand outline-offset-2 has-[:focus-visible]:outline-2',
            dragging
              ? 'border-brand bg-brand-light/40'
              : message
                ? 'border-red-400 bg-red-50/40'
                : 'border-slate-300 bg-slate-50',
            busy && 'opacity-60',
          )}
        >
          {fileControl}
          <span className={cx(button.secondary, 'pointer-events-none')}>
            <PlusIcon />
            Select image
          </span>
          <span className="pointer-events-none text-[13px] text-slate-500">
            or drop a PNG, JPEG, WebP or GIF file here
          </span>
        </div>
      ) : (
        <div {...dropTarget} className="flex flex-col gap-2">
          {fileControl}
          <div
            className={cx(
              frame,
              'flex items-center justify-center overflow-hidden p-2 transition-colors',
              dragging ? 'border-brand bg-brand-light/40' : 'border-slate-200 bg-slate-50',
            )}
          >
            <img
              src={src}
              alt={`Preview of the ${label.toLocaleLowerCase()}`}
              className="max-h-full max-w-full object-contain"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {filename && (
              <p className="min-w-0 flex-1 truncate text-[13px] text-slate-600" title={filename}>
                {filename}
              </p>
            )}
            <div className="ml-auto flex gap-2">
              <button
                type="button"
                disabled={busy}
                className={button.secondary}
                onClick={() => fileInput.current?.click()}
              >
                Change
              </button>
              <button
                type="button"
                disabled={busy}
                className={button.secondary}
                onClick={() => {
                  setRefused(false)
                  onRemove()
                }}
              >
                Remove
              </button>
            </div>
          </div>
        </div>
      )}
      {message && (
        <p id={errorId} className="text-[13px] text-red-600">
          {message}
        </p>
      )}
    </div>
  )
}
