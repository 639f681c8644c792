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

import {
  CONTAINERS,
  DROPPED,
  declarations,
  HEADINGS,
  isHidden,
  LISTS,
  type ListBlock,
  MARKS,
  MAX_LIST_LEVELS,
  PLAIN,
  type Segment,
  type Sink,
  type Style,
  styled,
  wordListType,
} from './rich-text/paste-rules'

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
