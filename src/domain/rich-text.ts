/**
 * Rich-text descriptions as Slate JSON (an array of block nodes), the format
 * the editor edits and the server stores. A plain string, as an older client
 * sends it, is accepted and becomes one paragraph per line. Links may only point
 * at http(s), mailto and tel: a stored `javascript:` URL would run in every
 * colleague's browser. What is kept is only what the editor makes: a node's
 * other keys (an `onclick`, a `url` on a paragraph) are dropped, so no renderer,
 * today's or a later one, is ever handed them.
 */
import * as v from 'valibot'

export interface RichTextLeaf {
  text: string
  bold?: boolean
  italic?: boolean
  underline?: boolean
  code?: boolean
}

export type BlockType =
  | 'paragraph'
  | 'heading-one'
  | 'heading-two'
  | 'block-quote'
  | 'bulleted-list'
  | 'numbered-list'
  | 'list-item'

export interface RichTextElement {
  type: BlockType | 'link'
  url?: string
  children: RichTextNode[]
}

export type RichTextNode = RichTextElement | RichTextLeaf
export type RichText = RichTextElement[]

export type Mark = 'bold' | 'italic' | 'underline' | 'code'
/** The marks the editor's toolbar and paste set on words. */
export const MARKS: readonly Mark[] = ['bold', 'italic', 'underline', 'code']

export const BLOCK_TYPES: readonly BlockType[] = [
  'paragraph',
  'heading-one',
  'heading-two',
  'block-quote',
  'bulleted-list',
  'numbered-list',
  'list-item',
]

const MAX_DEPTH = 8
const MAX_TEXT = 100_000
const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i

export const emptyRichText = (): RichText => [{ type: 'paragraph', children: [{ text: '' }] }]

export function fromPlainText(text: string): RichText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  return lines.map((line) => ({ type: 'paragraph', children: [{ text: line }] }))
}

/** The words of a description, for search and for the list's Description column. */
export function toPlainText(nodes: readonly RichTextNode[] | null | undefined): string {
  if (!nodes) return ''
  const blocks: string[] = []
  // Leaves and links in a block run together ('**Out**post' is one word); nested blocks are lines.
  const walk = (node: RichTextNode): string => {
    if ('text' in node) return node.text
    const inline = node.children.every((child) => 'text' in child || child.type === 'link')
    return node.children.map(walk).join(inline ? '' : '\n')
  }
  for (const node of nodes) blocks.push(walk(node))
  return blocks.join('\n').trim()
}

/** Why a node is not valid rich text, or null when it is. Iterative checks keep hostile depth harmless. */
function problem(nodes: unknown, depth = 0): string | null {
  if (!Array.isArray(nodes)) return 'Must be a list of rich-text nodes.'
  if (depth > MAX_DEPTH) return `Rich text may nest at most ${MAX_DEPTH} levels.`
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null || Array.isArray(node))
      return 'Every rich-text node must be an object.'
    const record = node as Record<string, unknown>
    if ('text' in record) {
      if (typeof record.text !== 'string') return 'Rich-text text must be a string.'
      for (const mark of MARKS)
        if (mark in record && typeof record[mark] !== 'boolean')
          return `The ${mark} mark must be true or false.`
      continue
    }
    const type = record.type
    if (type === 'link') {
      if (typeof record.url !== 'string' || !SAFE_URL.test(record.url))
        return 'Links must start with http://, https://, mailto: or tel:.'
    } else if (!BLOCK_TYPES.includes(type as BlockType))
      // Only a string is named back: String() of an object with a poisoned toString would throw.
      return typeof type === 'string'
        ? `Unknown rich-text block: ${type.slice(0, 40)}.`
        : 'Unknown rich-text block.'
    const inner = problem(record.children, depth + 1)
    if (inner) return inner
    if ((record.children as unknown[]).length === 0) return 'A rich-text block needs at least one child.'
  }
  return null
}

/**
 * The same document with only the keys the editor knows: `text` and the marks
 * on words, `type` and `children` on blocks, and `url` on links. Run on valid
 * rich text only (its depth is bounded).
 */
export function withKnownKeys(nodes: readonly RichTextNode[]): RichTextNode[] {
  return nodes.map((node): RichTextNode => {
    if ('text' in node) {
      const leaf: RichTextLeaf = { text: node.text }
      for (const mark of MARKS) if (typeof node[mark] === 'boolean') leaf[mark] = node[mark]
      return leaf
    }
    const children = withKnownKeys(node.children)
    return node.type === 'link' ? { type: 'link', url: node.url, children } : { type: node.type, children }
  })
}

/** A description as stored: Slate JSON, or plain text turned into paragraphs, with only known keys. */
export const richText = v.pipe(
  v.union([v.string(), v.array(v.unknown())], 'Must be rich text or plain text.'),
  v.transform((value): unknown => (typeof value === 'string' ? fromPlainText(value) : value)),
  v.check(
    (value) => problem(value) === null,
    (issue) => problem(issue.input) ?? 'Invalid rich text.',
  ),
  // valibot runs this check even when the one above failed: only measure what is valid rich text.
  v.check(
    (value) => problem(value) !== null || toPlainText(value as RichText).length <= MAX_TEXT,
    `Must be at most ${MAX_TEXT} characters.`,
  ),
  v.transform((value) => withKnownKeys(value as RichText) as RichText),
)
