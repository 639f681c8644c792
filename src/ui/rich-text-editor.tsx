/**
 * The rich-text field (a description) on Slate: a toolbar over the text, Ctrl/Cmd+B, I
 * and U, undo and redo, and pasted HTML that keeps what a description can hold.
 * Screens load it with React.lazy so that only they fetch Slate: no module that the
 * first screen loads may import this one.
 *
 * The document is the parent's `value`, while Slate keeps its own tree as the user
 * types. The editor reports through onChange only when the document changes (not
 * when the caret moves), and a `value` other than the one it last reported (a
 * change pulled from the server, a form reset after a save) replaces what it shows.
 * Its parts live in ./rich-text: the Slate editor and its plugins, the commands,
 * the toolbar, the link form and how blocks are drawn.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { type Descendant, Editor, Transforms } from 'slate'
import { Editable, ReactEditor, Slate } from 'slate-react'
import type { RichText } from '../domain/rich-text'
import { cx } from './cx'
import { APPLE, SHORTCUTS, toggleMark } from './rich-text/commands'
import { LinkForm } from './rich-text/link-form'
import { renderElement, renderLeaf } from './rich-text/render'

import { createRichTextEditor, editable, sameTree, setDocument } from './rich-text/slate-editor'
import { Toolbar } from './rich-text/toolbar'

export interface RichTextEditorProps {
  /** Visible label, bound to the editable (aria-labelledby). */
  label: string
  value: RichText
  /** Called only when the document changes, not when the selection moves. */
  onChange: (value: RichText) => void
  error?: string
  /** Minimum visible height in text rows. */
  rows?: number
  placeholder?: string
}

/**
 * Links are inline, and the tree never holds what the domain schema refuses: a
 * link to an unsafe URL or a block type it does not know. Both can only arrive by
 * pasting a Slate fragment crafted elsewhere; they are undone rather than saved.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  rows = 8,
  placeholder,
}: RichTextEditorProps) {
  const id = useId()
  const [editor] = useState(() => createRichTextEditor(value))
  const [linking, setLinking] = useState(false)
  // The tree the parent and the editor agree on: the last one reported, or the last one put in from outside.
  const agreed = useRef<Descendant[]>(editor.children)
  // The last document reported through onChange, and the last `value` prop seen.
  const reported = useRef<RichText | undefined>(undefined)
  const received = useRef(value)
  const report = useRef(onChange)
  report.current = onChange

  useEffect(() => {
    // The first run sees the value the editor was made with.
    if (value === received.current) return
    received.current = value
    // The parent storing what the editor reported, or a copy of what it shows, changes nothing.
    if (value === reported.current || sameTree(editable(value), editor.children)) return
    const focused = ReactEditor.isFocused(editor)
    setDocument(editor, value)
    agreed.current = editor.children
    if (focused) Transforms.select(editor, Editor.end(editor, []))
  }, [editor, value])

  const handleValueChange = (children: Descendant[]) => {
    // Replacing the document and Slate's own normalizing change the tree without changing the words.
    if (sameTree(children, agreed.current)) return
    agreed.current = children
    // The editor's tree holds blocks only at the top (withRichText, Slate's normalizing).
    reported.current = children as RichText
    report.current(children as RichText)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = APPLE ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
    if (!mod || event.altKey || event.shiftKey) return
    const mark = SHORTCUTS[event.key.toLowerCase()]
    if (!mark) return
    event.preventDefault()
    toggleMark(editor, mark)
  }

  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        className={cx(
          'rounded-md border shadow-xs',
          error ? 'border-red-500 bg-red-50/40' : 'border-slate-300 bg-white',
          // The focus ring of the page (index.css) drawn round the whole field, toolbar included.
          'has-[[data-slate-editor]:focus-visible]:outline-2 has-[[data-slate-editor]:focus-visible]:outline-offset-2 has-[[data-slate-editor]:focus-visible]:outline-brand',
        )}
      >
        <Slate editor={editor} onValueChange={handleValueChange}>
          <Toolbar
            label={label}
            editorId={`${id}-editable`}
            linking={linking}
            onLink={() => setLinking(true)}
          />
          {linking && <LinkForm onDone={() => setLinking(false)} />}
          <Editable
            id={`${id}-editable`}
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={placeholder}
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={handleKeyDown}
            className="space-y-2 px-3 py-2 text-sm leading-relaxed break-words text-slate-900 outline-none pointer-coarse:text-base"
            // `rows` lines of text plus the padding: the height of the text box shown while this module loads.
            style={{ minHeight: `calc(${rows * 1.625}em + 1rem)` }}
          />
        </Slate>
      </div>
      {error && (
        <p id={errorId} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
