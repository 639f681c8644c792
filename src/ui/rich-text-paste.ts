/**
 * What pasted HTML (a web page, Word, Google Docs, an email) becomes in a
 * description: the headings, lists, quotes, marks and safe links the domain
 * holds, the words of everything else, and nothing that runs. DOM in, rich text
 * out, without Slate: the editor parses the clipboard and inserts what comes back.
 */
import * as v from 'valibot'
import {
  type RichText,
  type RichTextElement,
  type RichTextLeaf,
  type RichTextNode,
  richText,
} from '../domain/rich-text'
import { isSafeUrl } from './rich-text-view'

type TextBlock = 'paragraph' | 'heading-one' | 'heading-two' | 'block-quote'
type ListBlock = 'bulleted-list' | 'numbered-list'
type Mark = 'bold' | 'italic' | 'underline' | 'code'

/** What the elements around a text give it. */
interface Style {
  bold: boolean
  italic: boolean
  underline: boolean
  code: boolean
  /** White space kept as written (<pre>, white-space: pre), not collapsed as in running text. */
  pre: boolean
  /** The safe address of the link around it. */
  url?: string
}

/** A piece of a block's words: running text, preformatted text, or a <br>. */
interface Segment {
  text: string
  style: Style
  kind: 'text' | 'pre' | 'break'
}

/** Where the walk puts what it finds: finished blocks, and the words since the last block. */
interface Sink {
  blocks: RichTextElement[]
  run: Segment[]
  /** What a run of words becomes here: a paragraph, a quote inside <blockquote>, a heading inside <h1>. */
  text: TextBlock
  /** How many lists are around this point. */
  lists: number
  /** The list Word's list paragraphs are being gathered into. */
  wordList?: RichTextElement
}

const PLAIN: Style = { bold: false, italic: false, underline: false, code: false, pre: false }
const MARKS: readonly Mark[] = ['bold', 'italic', 'underline', 'code']

/** Elements with no words for a reader, or with words that are code, styles or a form's controls. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'img',
  'picture',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'map',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'input',
  'select',
  'textarea',
  'button',
])

const HEADINGS: Partial<Record<string, TextBlock>> = {
  h1: 'heading-one',
  h2: 'heading-two',
  h3: 'heading-two',
  h4: 'heading-two',
  h5: 'heading-two',
  h6: 'heading-two',
}
const LISTS: Partial<Record<string, ListBlock>> = {
  ul: 'bulleted-list',
  ol: 'numbered-list',
  menu: 'bulleted-list',
}

/**
 * Blocks the domain has no kind for: they only end the words before them and
 * those they hold. A table's cells so become paragraphs of their own.
 */
const CONTAINERS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'address',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'form',
  'fieldset',
  'legend',
  'center',
  'hgroup',
  'hr',
])

const TAG_MARKS: Partial<Record<string, Mark>> = {
  b: 'bold',
  strong: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  ins: 'underline',
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
}

/**
 * The schema lets rich text nest MAX_DEPTH (8) levels. A list takes two (the
 * list and its item) and an item's words may sit in a paragraph and a link, so
 * three lists in one another fit; items nested deeper join the third list.
 */
const MAX_LIST_LEVELS = 3

/**
 * The declarations of an element's style attribute, the last one of a property
 * winning as in CSS (Google Docs writes `white-space:pre;white-space:pre-wrap`).
 * Read by hand rather than through element.style: no CSSOM knows Word's mso-list.
 */
function declarations(element: Element): Map<string, string> {
  const found = new Map<string, string>()
  for (const declaration of (element.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const value = declaration.slice(colon + 1).replace(/!important/i, '')
    found.set(declaration.slice(0, colon).trim().toLowerCase(), value.trim().toLowerCase())
  }
  return found
}

function isBold(weight: string): boolean {
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600
}

function styled(element: Element, tag: string, css: Map<string, string>, style: Style): Style {
  const next = { ...style }
  const mark = TAG_MARKS[tag]
  if (mark) next[mark] = true
  if (tag === 'pre') next.pre = next.code = true
  if (tag === 'a') {
    // An unsafe or relative address leaves only the words.
    const href = element.getAttribute('href')?.trim() ?? ''
    next.url = isSafeUrl(href) ? href : undefined
  }
  // A style overrides the tag: Google Docs wraps the whole copy in <b style="font-weight:normal">.
  // A heading's own weight is only how headings look on that page.
  const weight = css.get('font-weight')
  if (weight && !HEADINGS[tag]) next.bold = isBold(weight)
  const fontStyle = css.get('font-style')
  if (fontStyle) next.italic = fontStyle === 'italic' || fontStyle.startsWith('oblique')
  // `text-decoration: none` does not take away an underline drawn by an element around it.
  if (/\bunderline\b/.test(`${css.get('text-decoration')} ${css.get('text-decoration-line')}`))
    next.underline = true
  const space = css.get('white-space')
  if (space) next.pre = ['pre', 'pre-wrap', 'break-spaces'].includes(space)
  return next
}

/** Hidden from the reader: `hidden`, display:none, and the bullet or number Word writes out before a list paragraph. */
function isHidden(element: Element, css: Map<string, string>): boolean {
  return element.hasAttribute('hidden') || css.get('display') === 'none' || css.get('mso-list') === 'ignore'
}

/**
 * Word's list paragraphs (style="mso-list:l0 level1 lfo1"), which are
 * numbered when the marker Word wrote before them is ("1.", "a)"). Word's
 * levels are not kept: its lists become one level.
 */
function wordListType(element: Element, css: Map<string, string>): ListBlock | undefined {
  if (!/\blevel\d/.test(css.get('mso-list') ?? '')) return undefined
  const marker = [...element.querySelectorAll('[style]')].find(
    (inner) => declarations(inner).get('mso-list') === 'ignore',
  )
  return /^\(?[0-9a-z]{1,5}[.)]/i.test(marker?.textContent?.trim() ?? '') ? 'numbered-list' : 'bulleted-list'
}

function walk(node: Node, style: Style, sink: Sink) {
  if (node.nodeType === node.TEXT_NODE) {
    const text = node.textContent ?? ''
    // Running text as a browser draws it: any run of spaces and line breaks is one space.
    if (style.pre) sink.run.push({ text: text.replace(/\r\n?/g, '\n'), style, kind: 'pre' })
    else sink.run.push({ text: text.replace(/[\t\n\f\r ]+/g, ' '), style, kind: 'text' })
    return
  }
  // Comments are dropped, Word's conditional ones (<![if !supportLists]>) too.
  if (node.nodeType !== node.ELEMENT_NODE) return
  const element = node as Element
  const tag = element.localName
  const css = declarations(element)
  if (DROPPED.has(tag) || isHidden(element, css)) return
  if (tag === 'br') {
    sink.run.push({ text: '\n', style, kind: 'break' })
    return
  }
  const inner = styled(element, tag, css, style)
  const list = LISTS[tag]
  const wordList = list ? undefined : wordListType(element, css)
  if (list) {
    flush(sink)
    sink.blocks.push(...listOf(element, list, inner, sink.lists))
  } else if (wordList) {
    flush(sink)
    addWordItem(element, wordList, inner, sink)
  } else if (HEADINGS[tag] || tag === 'blockquote' || tag === 'pre' || CONTAINERS.has(tag)) {
    flush(sink)
    const around = sink.text
    sink.text = HEADINGS[tag] ?? (tag === 'blockquote' ? 'block-quote' : around)
    for (const child of element.childNodes) walk(child, inner, sink)
    flush(sink)
    sink.text = around
  } else {
    // Inline, or unknown (Word's <o:p>): its words stay where they are, and so do any blocks in it.
    for (const child of element.childNodes) walk(child, inner, sink)
  }
}

/** The words since the last block, as a block of the kind they are in; blank ones are left out. */
function flush(sink: Sink) {
  const segments = tidy(sink.run)
  sink.run = []
  if (segments.some((segment) => segment.text.trim()))
    sink.blocks.push({ type: sink.text, children: inlines(segments) })
}

/** Drops the collapsible space at the end of a line and, at the end of the block, any spaces and line breaks. */
function trimEnd(segments: Segment[], blockEnd: boolean) {
  for (let last = segments.at(-1); last; last = segments.at(-1)) {
    let text = last.text
    if (last.kind === 'text') text = text.replace(blockEnd ? /[ \u00a0]+$/ : / $/, '')
    else if (blockEnd) text = last.kind === 'break' ? '' : text.replace(/\n+$/, '')
    if (text === last.text) return
    if (text) {
      segments[segments.length - 1] = { ...last, text }
      return
    }
    segments.pop()
  }
}

/**
 * White space as a browser lays it out: no collapsible space at the start or
 * end of a line nor after another one. The block's own edges need no blank
 * space at all, not even Word's non-breaking spaces: the view lays blocks out.
 */
function tidy(run: readonly Segment[]): Segment[] {
  const out: Segment[] = []
  let afterSpace = true
  for (const segment of run) {
    if (segment.kind === 'break') {
      trimEnd(out, false)
      if (out.length) out.push(segment)
      afterSpace = true
      continue
    }
    let text = segment.text
    if (segment.kind === 'text' && afterSpace) text = text.replace(out.length ? /^ / : /^[ \u00a0]+/, '')
    if (!text) continue
    out.push({ ...segment, text })
    afterSpace = segment.kind === 'text' ? text.endsWith(' ') : text.endsWith('\n')
  }
  trimEnd(out, true)
  return out
}

function leafOf(text: string, style: Style): RichTextLeaf {
  // A non-breaking space is stored as a space, as browsers copy it to plain text: search finds the words around it.
  const leaf: RichTextLeaf = { text: text.replaceAll('\u00a0', ' ') }
  for (const mark of MARKS) {
    // A link draws its own underline: pages underline their links with CSS, which is no emphasis.
    if (style[mark] && !(mark === 'underline' && style.url)) leaf[mark] = true
  }
  return leaf
}

/** A leaf after the others, joined with the one before it when they have the same marks. */
function append(nodes: RichTextNode[], leaf: RichTextLeaf) {
  const last = nodes.at(-1)
  if (last && 'text' in last && MARKS.every((mark) => last[mark] === leaf[mark]))
    nodes[nodes.length - 1] = { ...last, text: last.text + leaf.text }
  else nodes.push(leaf)
}

function inlines(segments: readonly Segment[]): RichTextNode[] {
  const nodes: RichTextNode[] = []
  for (const { text, style } of segments) {
    const leaf = leafOf(text, style)
    const last = nodes.at(-1)
    if (!style.url) append(nodes, leaf)
    else if (last && 'type' in last && last.url === style.url) append(last.children, leaf)
    else nodes.push({ type: 'link', url: style.url, children: [leaf] })
  }
  return nodes
}

/** A list item holding `blocks`: a lone paragraph's words go in the item itself, as the editor makes items. */
function itemOf(blocks: RichTextElement[]): RichTextElement | undefined {
  const [first] = blocks
  if (!first) return undefined
  if (blocks.length === 1 && first.type === 'paragraph')
    return { type: 'list-item', children: first.children }
  return { type: 'list-item', children: blocks }
}

/** An item from `nodes` (an <li>'s content) inside `lists` lists. */
function itemFrom(nodes: Iterable<Node>, style: Style, lists: number): RichTextElement | undefined {
  const sink: Sink = { blocks: [], run: [], text: 'paragraph', lists }
  for (const node of nodes) walk(node, style, sink)
  flush(sink)
  return itemOf(sink.blocks)
}

const isList = (node: RichTextNode) =>
  'type' in node && (node.type === 'bulleted-list' || node.type === 'numbered-list')

/** An item and the items of the lists in it, one after the other. */
function flatItems(item: RichTextElement): RichTextElement[] {
  if (!item.children.some(isList)) return [item]
  const out: RichTextElement[] = []
  let own: RichTextElement[] = []
  const flushOwn = () => {
    const flat = itemOf(own)
    if (flat) out.push(flat)
    own = []
  }
  for (const child of item.children as RichTextElement[]) {
    if (!isList(child)) own.push(child)
    else {
      flushOwn()
      out.push(...child.children.flatMap((nested) => flatItems(nested as RichTextElement)))
    }
  }
  flushOwn()
  return out
}

/** `list` after the words of `item`, as a browser shows a list written straight inside another. */
function withNested(item: RichTextElement, list: RichTextElement): RichTextElement {
  const blocks = item.children.some((child) => 'text' in child || child.type === 'link')
    ? [{ type: 'paragraph' as const, children: item.children }]
    : (item.children as RichTextElement[])
  return { type: 'list-item', children: [...blocks, list] }
}

function listOf(element: Element, type: ListBlock, style: Style, lists: number): RichTextElement[] {
  const items: RichTextElement[] = []
  for (const child of element.childNodes) {
    const tag = child.nodeType === child.ELEMENT_NODE ? (child as Element).localName : ''
    const nested = LISTS[tag]
    const last = items.at(-1)
    let item: RichTextElement | undefined
    if (tag === 'li') {
      const css = declarations(child as Element)
      if (isHidden(child as Element, css)) continue
      item = itemFrom(child.childNodes, styled(child as Element, tag, css, style), lists + 1)
    } else if (nested && last) {
      // Google Docs writes a nested list straight inside its parent list, after the item it belongs to.
      const [list] = listOf(child as Element, nested, style, lists + 1)
      if (list) items[items.length - 1] = withNested(last, list)
      continue
    } else item = itemFrom([child], style, lists + 1)
    if (item) items.push(item)
  }
  const children = lists + 1 >= MAX_LIST_LEVELS ? items.flatMap(flatItems) : items
  return children.length ? [{ type, children }] : []
}

/** Word writes a list as paragraphs one after the other: they are gathered into one list. */
function addWordItem(element: Element, type: ListBlock, style: Style, sink: Sink) {
  const item = itemFrom(element.childNodes, style, sink.lists + 1)
  if (!item) return
  const last = sink.blocks.at(-1)
  if (last && last === sink.wordList && last.type === type) last.children.push(item)
  else {
    sink.wordList = { type, children: [item] }
    sink.blocks.push(sink.wordList)
  }
}

/**
 * The rich text for the content of `root` (a parsed clipboard's body), or
 * undefined when it holds no words or is no valid description (longer than a
 * description may be, say): the caller falls back to the plain text then.
 */
export function richTextFromHtml(root: Node): RichText | undefined {
  const sink: Sink = { blocks: [], run: [], text: 'paragraph', lists: 0 }
  for (const child of root.childNodes) walk(child, PLAIN, sink)
  flush(sink)
  return sink.blocks.length && v.is(richText, sink.blocks) ? sink.blocks : undefined
}
