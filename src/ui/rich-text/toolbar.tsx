/** The toolbar over the text: one tab stop, arrows move between its buttons, each with its name and pressed state. */
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'
import { Transforms } from 'slate'
import { useSlate } from 'slate-react'
import { cx } from '../cx'
import { Icon } from '../icons'
import { iconButton } from '../styles'
import {
  type Block,
  currentLink,
  ensureSelection,
  isBlockActive,
  isLink,
  isMarkActive,
  type Mark,
  MOD,
  toggleBlock,
  toggleMark,
} from './commands'

export const Letters = ({ children, className }: { children: string; className?: string }) => (
  <span aria-hidden="true" className={cx('text-sm leading-none', className)}>
    {children}
  </span>
)

export interface Tool {
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
export function Toolbar({
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
      <Icon>
        <path d="M5 18V9a4 4 0 0 1 4-4M5 12h4v6H5M14 18V9a4 4 0 0 1 4-4M14 12h4v6h-4" />
      </Icon>,
    ),
    block(
      'Bulleted list',
      'bulleted-list',
      <Icon>
        <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </Icon>,
    ),
    block(
      'Numbered list',
      'numbered-list',
      <Icon>
        <path d="M10 6h10M10 12h10M10 18h10M4 4h1v4M4 8h2M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.6-2 3.5h2" />
      </Icon>,
    ),
    {
      name: 'Link',
      glyph: (
        <Icon>
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </Icon>
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
        <Icon>
          <path d="M15 7.5 16.5 6a3.5 3.5 0 0 1 5 5L20 12.5M9 16.5 7.5 18a3.5 3.5 0 0 1-5-5L4 11.5M8 3v2M3 8h2M16 21v-2M21 16h-2" />
        </Icon>
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
