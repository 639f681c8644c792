/**
 * A description shown, not edited: rich text as plain semantic HTML, without
 * Slate, so screens that only show a description never fetch the editor. The
 * editor (rich-text-editor.tsx) takes its block layout, its looks and its link
 * rule from here, so a description reads the same while edited and when shown.
 */
import { createElement, type ReactNode } from 'react'
import {
  fromPlainText,
  type RichText,
  type RichTextElement,
  type RichTextLeaf,
  type RichTextNode,
  richText,
} from '../domain/rich-text'

/**
 * Whether a link may point at `url`. The domain's schema decides, so the rule
 * (http(s), mailto and tel only) is written once; a `javascript:` URL would run
 * in the browser of whoever clicks it.
 */
export function isSafeUrl(url: string): boolean {
  const probe = [{ type: 'paragraph', children: [{ type: 'link', url, children: [{ text: '' }] }] }]
  const result = richText['~standard'].validate(probe)
  return !(result instanceof Promise) && !result.issues
}

/** The looks of each block, shared with the editor. Headings are h3/h4: a description sits in a card under the page's h1 and the card's h2. */
export const richTextClass = {
  'heading-one': 'text-base font-semibold text-slate-900',
  'heading-two': 'text-sm font-semibold text-slate-900',
  'block-quote': 'border-l-2 border-slate-300 pl-3 text-slate-600 italic',
  'bulleted-list': 'list-disc space-y-1 pl-6',
  'numbered-list': 'list-decimal space-y-1 pl-6',
  link: 'text-brand underline underline-offset-2',
  code: 'rounded bg-slate-100 px-1 font-mono text-[0.9em]',
} as const

/** The same nodes, one by one: nothing needed changing. */
const same = (a: readonly RichTextNode[], b: readonly RichTextNode[]) =>
  a.length === b.length && a.every((node, i) => node === b[i])

const isLeaf = (node: RichTextNode): node is RichTextLeaf => 'text' in node
const isInline = (node: RichTextNode) => isLeaf(node) || node.type === 'link'

/** A link's words only: a block or a link inside a link has no meaning (nor valid HTML). */
function flatLeaves(nodes: readonly RichTextNode[]): RichTextLeaf[] {
  return nodes.flatMap((node) => (isLeaf(node) ? [node] : flatLeaves(node.children)))
}

function inline(node: RichTextNode): RichTextNode {
  if (isLeaf(node) || node.children.every(isLeaf)) return node
  const children = flatLeaves(node.children)
  return { ...node, children: children.length ? children : [{ text: '' }] }
}

/** Blocks only: runs of words and links among blocks are wrapped in `wrap`. */
function blocks(nodes: readonly RichTextNode[], wrap: RichTextElement['type']): RichTextElement[] {
  const out: RichTextElement[] = []
  let run: RichTextNode[] = []
  const flush = () => {
    if (run.length) out.push({ type: wrap, children: run })
    run = []
  }
  for (const node of nodes) {
    if (isInline(node)) run.push(inline(node))
    else {
      flush()
      out.push(block(node as RichTextElement))
    }
  }
  flush()
  return out
}

function block(element: RichTextElement): RichTextElement {
  const list = element.type === 'bulleted-list' || element.type === 'numbered-list'
  if (!list && element.children.every(isInline)) {
    const children = element.children.map(inline)
    return same(children, element.children) ? element : { ...element, children }
  }
  const children = blocks(element.children, list ? 'list-item' : 'paragraph')
  return same(children, element.children) ? element : { ...element, children }
}

/**
 * Any document the domain schema accepts, laid out as Slate (and HTML) expect:
 * blocks at the top, each holding either blocks or words and links, never both.
 * The schema allows a text at the top or beside a nested list; Slate would drop
 * those words, so they are wrapped in a paragraph (a list item in a list) instead.
 * An older client's plain string becomes paragraphs. Untouched nodes are kept as
 * they are, so a document that needs nothing comes back unchanged.
 */
export function normalizeRichText(value: RichText | string | null | undefined): RichText {
  if (typeof value === 'string') return fromPlainText(value)
  if (!Array.isArray(value)) return []
  const out = blocks(value, 'paragraph')
  return same(out, value) ? value : out
}

/** A leaf's words inside its marks (strong, em, u, code). */
export function withMarks(leaf: RichTextLeaf, content: ReactNode): ReactNode {
  let marked = content
  if (leaf.code) marked = <code className={richTextClass.code}>{marked}</code>
  if (leaf.underline) marked = <u>{marked}</u>
  if (leaf.italic) marked = <em>{marked}</em>
  if (leaf.bold) marked = <strong>{marked}</strong>
  return marked
}

const tags: Partial<Record<string, string>> = {
  'heading-one': 'h3',
  'heading-two': 'h4',
  'block-quote': 'blockquote',
  'bulleted-list': 'ul',
  'numbered-list': 'ol',
  'list-item': 'li',
}
const classes: Partial<Record<string, string>> = richTextClass

// Children go in as arguments, not as an array: a document shown read-only is
// drawn once and never reordered, so its nodes need no keys.
function renderNode(node: RichTextNode): ReactNode {
  if (isLeaf(node)) return withMarks(node, node.text)
  const children = node.children.map(renderNode)
  if (node.type === 'link') {
    // The schema checked the stored URL; it is checked again where it becomes an href.
    return node.url && isSafeUrl(node.url)
      ? createElement(
          'a',
          { href: node.url, target: '_blank', rel: 'noopener noreferrer', className: richTextClass.link },
          ...children,
        )
      : createElement('span', null, ...children)
  }
  return createElement(tags[node.type] ?? 'p', { className: classes[node.type] }, ...children)
}

/** A rich-text document, read-only. */
export function RichTextView({ value }: { value: RichText }) {
  return createElement(
    'div',
    { className: 'space-y-2 break-words whitespace-pre-wrap' },
    ...normalizeRichText(value).map(renderNode),
  )
}
