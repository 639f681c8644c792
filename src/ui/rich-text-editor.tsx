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
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import {
  type BaseEditor,
  createEditor,
  type Descendant,
  Editor,
  Element,
  type Node,
  Range,
  type RangeRef,
  Transforms,
} from 'slate'
import { HistoryEditor, withHistory } from 'slate-history'
import {
  Editable,
  ReactEditor,
  type RenderElementProps,
  type RenderLeafProps,
  Slate,
  useSlate,
  useSlateStatic,
  withReact,
} from 'slate-react'
import {
  BLOCK_TYPES,
  emptyRichText,
  type RichText,
  type RichTextElement,
  type RichTextLeaf,
} from '../domain/rich-text'
import { cx } from './cx'
import { richTextFromHtml } from './rich-text-paste'
import { isSafeUrl, normalizeRichText, richTextClass, withMarks } from './rich-text-view'
import { button, iconButton, input, invalidInput } from './styles'

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: RichTextElement
    Text: RichTextLeaf
  }
}

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
function withRichText(editor: Editor): Editor {
  const { isInline, normalizeNode } = editor
  editor.isInline = (element) => element.type === 'link' || isInline(element)
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry
    if (Element.isElement(node) && node.type === 'link' && !isSafeUrl(node.url ?? '')) {
      Transforms.unwrapNodes(editor, { at: path })
      return
    }
    if (Element.isElement(node) && node.type !== 'link' && !BLOCK_TYPES.includes(node.type)) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: path })
      return
    }
    normalizeNode(entry, options)
  }
  return editor
}

/**
 * Slate reads only its own fragments and plain text from the clipboard: HTML
 * (a web page, Word, Google Docs) keeps here the structure a description can
 * hold. Slate's own copy comes first, as it carries HTML too.
 */
function withPastedHtml(editor: Editor): Editor {
  editor.insertData = (data) => {
    if (editor.insertFragmentData(data)) return
    const html = data.getData('text/html')
    // A parsed document runs no script and loads no image: the markup is only read.
    const pasted = html
      ? richTextFromHtml(new DOMParser().parseFromString(html, 'text/html').body)
      : undefined
    if (pasted) insertPasted(editor, pasted)
    else editor.insertTextData(data)
  }
  return editor
}

/**
 * Slate merges a fragment's first and last blocks into the block at the caret:
 * a list there would come apart into items outside any list. Pasted inside a
 * sentence, a list keeps to its own lines and an empty paragraph merges instead.
 * Inside a list, the items merging is what joins them to that list.
 */
function insertPasted(editor: Editor, fragment: RichText) {
  if (editor.selection && Range.isExpanded(editor.selection)) Editor.deleteFragment(editor)
  const at = editor.selection?.anchor
  const block =
    at &&
    Editor.above(editor, { at, match: (node) => Element.isElement(node) && Editor.isBlock(editor, node) })
  const blank: RichTextElement = { type: 'paragraph', children: [{ text: '' }] }
  let blocks = fragment
  if (at && block && !isElementOf('list-item')(block[0])) {
    if (LISTS.includes(fragment[0]?.type ?? '') && !Editor.isStart(editor, at, block[1]))
      blocks = [blank, ...blocks]
    if (LISTS.includes(fragment.at(-1)?.type ?? '') && !Editor.isEnd(editor, at, block[1]))
      blocks = [...blocks, blank]
  }
  editor.insertFragment(blocks)
}

/** What the editor shows for `value`: any stored document, at least one paragraph. */
function editable(value: RichText): RichText {
  const document = normalizeRichText(value)
  return document.length ? document : emptyRichText()
}

/** `value` as the whole document, outside the undo history (an undo must not bring back what was replaced). */
function setDocument(editor: Editor, value: RichText) {
  HistoryEditor.withoutSaving(editor, () => {
    Editor.withoutNormalizing(editor, () => {
      Transforms.deselect(editor)
      for (let i = editor.children.length - 1; i >= 0; i--) Transforms.removeNodes(editor, { at: [i] })
      Transforms.insertNodes(editor, editable(value), { at: [0] })
    })
    // Slate does not check a document it is given; links need words on both sides, and so on.
    Editor.normalize(editor, { force: true })
  })
  editor.marks = null
  // The undo history holds paths into the document that is gone.
  editor.history = { undos: [], redos: [] }
}

function createRichTextEditor(value: RichText): Editor {
  const editor = withPastedHtml(withRichText(withHistory(withReact(createEditor()))))
  setDocument(editor, value)
  return editor
}

/** Deep equality of two JSON trees; Slate shares untouched nodes, so most comparisons stop at the first level. */
function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameTree((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

function renderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'heading-one':
      return (
        <h3 {...attributes} className={richTextClass['heading-one']}>
          {children}
        </h3>
      )
    case 'heading-two':
      return (
        <h4 {...attributes} className={richTextClass['heading-two']}>
          {children}
        </h4>
      )
    case 'block-quote':
      return (
        <blockquote {...attributes} className={richTextClass['block-quote']}>
          {children}
        </blockquote>
      )
    case 'bulleted-list':
      return (
        <ul {...attributes} className={richTextClass['bulleted-list']}>
          {children}
        </ul>
      )
    case 'numbered-list':
      return (
        <ol {...attributes} className={richTextClass['numbered-list']}>
          {children}
        </ol>
      )
    case 'list-item':
      return <li {...attributes}>{children}</li>
    case 'link':
      // The URL shows on hover; a click places the caret (the text is being edited, not followed).
      return (
        <a {...attributes} href={element.url} title={element.url} className={richTextClass.link}>
          <EdgeSpacer />
          {children}
          <EdgeSpacer />
        </a>
      )
    default:
      return <p {...attributes}>{children}</p>
  }
}

/** Chromium cannot put the caret at the very start or end of an inline; Slate's documented workaround. */
function EdgeSpacer() {
  return (
    <span contentEditable={false} className="text-[0px]">
      {'\u00a0'}
    </span>
  )
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  return <span {...attributes}>{withMarks(leaf, children)}</span>
}

type Mark = 'bold' | 'italic' | 'underline'
type Block = 'heading-one' | 'heading-two' | 'block-quote' | 'bulleted-list' | 'numbered-list'

const LISTS: readonly string[] = ['bulleted-list', 'numbered-list']
const isElementOf =
  (...types: readonly string[]) =>
  (node: Node): boolean =>
    !Editor.isEditor(node) && Element.isElement(node) && types.includes(node.type)
const isLink = isElementOf('link')

/** A toolbar button pressed before the text was ever clicked acts at the end of the text. */
function ensureSelection(editor: Editor) {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []))
}

const isMarkActive = (editor: Editor, mark: Mark) => Editor.marks(editor)?.[mark] === true

function toggleMark(editor: Editor, mark: Mark) {
  ensureSelection(editor)
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

function isBlockActive(editor: Editor, type: Block): boolean {
  const { selection } = editor
  if (!selection) return false
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: isElementOf(type),
  })
  return match !== undefined
}

/** Slate's own recipe: leave any list, retype the blocks, and wrap them in the new list. */
function toggleBlock(editor: Editor, type: Block) {
  ensureSelection(editor)
  const active = isBlockActive(editor, type)
  const list = LISTS.includes(type)
  Transforms.unwrapNodes(editor, { match: isElementOf(...LISTS), split: true })
  Transforms.setNodes(editor, { type: active ? 'paragraph' : list ? 'list-item' : type })
  if (!active && list) Transforms.wrapNodes(editor, { type, children: [] })
}

function currentLink(editor: Editor): RichTextElement | undefined {
  const [entry] = Editor.nodes(editor, { match: isLink })
  return entry?.[0] as RichTextElement | undefined
}

/** Links the selected words to `url`, or inserts the URL as a link at the caret; inside a link, changes its URL. */
function setLink(editor: Editor, url: string) {
  const { selection } = editor
  if (!selection) return
  if (Range.isCollapsed(selection)) {
    if (currentLink(editor)) Transforms.setNodes(editor, { url }, { match: isLink })
    else Transforms.insertNodes(editor, { type: 'link', url, children: [{ text: url }] })
    return
  }
  Transforms.unwrapNodes(editor, { match: isLink, split: true })
  Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true })
  Transforms.collapse(editor, { edge: 'end' })
}

const SHORTCUTS: Partial<Record<string, Mark>> = { b: 'bold', i: 'italic', u: 'underline' }
// Cmd on Apple keyboards, Ctrl elsewhere: on a Mac, Ctrl+B and Ctrl+U are the system's own caret keys.
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent)
const MOD = APPLE ? { key: 'Meta', label: '⌘' } : { key: 'Control', label: 'Ctrl+' }

function Glyph({ children }: { children: ReactNode }) {
  // The same line style as icons.tsx.
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-4 shrink-0"
    >
      {children}
    </svg>
  )
}

const Letters = ({ children, className }: { children: string; className?: string }) => (
  <span aria-hidden="true" className={cx('text-sm leading-none', className)}>
    {children}
  </span>
)

interface Tool {
  name: string
  glyph: ReactNode
  run: () => void
  /** On/off state (a mark or a block); undefined for a plain action. */
  pressed?: boolean
  expanded?: boolean
  disabled?: boolean
  /** Its keyboard shortcut, as aria-keyshortcuts and in the tooltip. */
  keys?: string
  hint?: string
}

/**
 * The formatting buttons: one tab stop, the arrow keys move between them (the
 * ARIA toolbar pattern), so tabbing through a form does not cross ten buttons.
 * A mouse press keeps the focus (and the selection) in the text.
 */
function Toolbar({
  label,
  editorId,
  linking,
  onLink,
}: {
  label: string
  editorId: string
  linking: boolean
  onLink: () => void
}) {
  const editor = useSlate()
  const [current, setCurrent] = useState(0)
  const ref = useRef<HTMLDivElement>(null)
  const mark = (name: string, type: Mark, glyph: ReactNode, key: string): Tool => ({
    name,
    glyph,
    pressed: isMarkActive(editor, type),
    run: () => toggleMark(editor, type),
    keys: `${MOD.key}+${key}`,
    hint: `${name} (${MOD.label}${key})`,
  })
  const block = (name: string, type: Block, glyph: ReactNode): Tool => ({
    name,
    glyph,
    pressed: isBlockActive(editor, type),
    run: () => toggleBlock(editor, type),
  })
  const tools: Tool[] = [
    mark('Bold', 'bold', <Letters className="font-bold">B</Letters>, 'B'),
    mark('Italic', 'italic', <Letters className="font-serif italic">I</Letters>, 'I'),
    mark('Underline', 'underline', <Letters className="underline">U</Letters>, 'U'),
    block('Heading 1', 'heading-one', <Letters className="text-xs font-semibold">H1</Letters>),
    block('Heading 2', 'heading-two', <Letters className="text-xs font-semibold">H2</Letters>),
    block(
      'Quote',
      'block-quote',
      <Glyph>
        <path d="M5 18V9a4 4 0 0 1 4-4M5 12h4v6H5M14 18V9a4 4 0 0 1 4-4M14 12h4v6h-4" />
      </Glyph>,
    ),
    block(
      'Bulleted list',
      'bulleted-list',
      <Glyph>
        <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </Glyph>,
    ),
    block(
      'Numbered list',
      'numbered-list',
      <Glyph>
        <path d="M10 6h10M10 12h10M10 18h10M4 4h1v4M4 8h2M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.6-2 3.5h2" />
      </Glyph>,
    ),
    {
      name: 'Link',
      glyph: (
        <Glyph>
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </Glyph>
      ),
      expanded: linking,
      run: () => {
        ensureSelection(editor)
        onLink()
      },
    },
    {
      name: 'Remove link',
      glyph: (
        <Glyph>
          <path d="M15 7.5 16.5 6a3.5 3.5 0 0 1 5 5L20 12.5M9 16.5 7.5 18a3.5 3.5 0 0 1-5-5L4 11.5M8 3v2M3 8h2M16 21v-2M21 16h-2" />
        </Glyph>
      ),
      disabled: !currentLink(editor),
      run: () => Transforms.unwrapNodes(editor, { match: isLink, split: true }),
    },
  ]
  // The tab stop never rests on a disabled button, which could not take the focus.
  const tabStop = tools[current]?.disabled ? 0 : current

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tools.flatMap((tool, i) => (tool.disabled ? [] : [i]))
    const at = enabled.indexOf(tabStop)
    const next = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled.at(-1),
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    setCurrent(next)
    ref.current?.querySelectorAll('button')[next]?.focus()
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={editorId}
      onKeyDown={moveFocus}
      className="flex flex-wrap gap-0.5 rounded-t-md border-b border-slate-200 bg-slate-50/60 p-1"
    >
      {tools.map((tool, i) => (
        <button
          key={tool.name}
          type="button"
          aria-label={tool.name}
          title={tool.hint ?? tool.name}
          aria-pressed={tool.pressed}
          aria-expanded={tool.expanded}
          aria-keyshortcuts={tool.keys}
          disabled={tool.disabled}
          tabIndex={i === tabStop ? 0 : -1}
          onFocus={() => setCurrent(i)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}
          className={cx(iconButton, 'aria-pressed:bg-brand-light aria-pressed:text-brand-dark')}
        >
          {tool.glyph}
        </button>
      ))}
    </div>
  )
}

const URL_RULE = 'Links must start with http://, https://, mailto: or tel:.'

/**
 * The URL of a link, asked for under the toolbar. Not a <form>: the field sits
 * inside the record's form, and Enter here must not submit that one.
 */
function LinkForm({ onDone }: { onDone: () => void }) {
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
