/** The small inline form that asks for a link's address; only safe addresses are taken. */
import { useEffect, useId, useRef, useState } from 'react'
import { Editor, type RangeRef, Transforms } from 'slate'
import { ReactEditor, useSlateStatic } from 'slate-react'
import { isSafeUrl } from '../rich-text-view'
import { button, input, invalidInput } from '../styles'

import { currentLink, setLink } from './commands'

export const URL_RULE = 'Links must start with http://, https://, mailto: or tel:.'

/**
 * The URL of a link, asked for under the toolbar. Not a <form>: the field sits
 * inside the record's form, and Enter here must not submit that one.
 */
export function LinkForm({ onDone }: { onDone: () => void }) {
  const editor = useSlateStatic()
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [url, setUrl] = useState(() => currentLink(editor)?.url ?? '')
  const [problem, setProblem] = useState<string>()
  // The selection the link is for, kept up to date should the document change while the URL is typed.
  const target = useRef<RangeRef | null>(null)
  useEffect(() => {
    const range = editor.selection ? Editor.rangeRef(editor, editor.selection) : null
    target.current = range
    return () => void range?.unref()
  }, [editor])
  useEffect(() => field.current?.focus(), [])

  /** Back to the text: the caret after the new link, or the selection as it was when nothing was linked. */
  const close = () => {
    onDone()
    ReactEditor.focus(editor)
  }
  const cancel = () => {
    const range = target.current?.current
    if (range) Transforms.select(editor, range)
    close()
  }
  const apply = () => {
    const href = url.trim()
    if (!isSafeUrl(href)) {
      setProblem(URL_RULE)
      field.current?.focus()
      return
    }
    const range = target.current?.current
    if (!range) return cancel()
    Transforms.select(editor, range)
    setLink(editor, href)
    close()
  }

  return (
    <fieldset className="flex flex-wrap items-end gap-2 border-b border-slate-200 p-2">
      <legend className="sr-only">Link</legend>
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-[13px] font-medium text-slate-700">
        Link address
        <input
          ref={field}
          value={url}
          placeholder="https://"
          inputMode="url"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={problem ? invalidInput : input}
          onChange={(event) => {
            setUrl(event.target.value)
            setProblem(undefined)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              apply()
            } else if (event.key === 'Escape') {
              event.preventDefault()
              cancel()
            }
          }}
        />
      </label>
      <button type="button" className={button.primary} onClick={apply}>
        Add link
      </button>
      <button type="button" className={button.secondary} onClick={cancel}>
        Cancel
      </button>
      {problem && (
        <p id={`${id}-problem`} className="w-full text-[13px] text-red-600">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
