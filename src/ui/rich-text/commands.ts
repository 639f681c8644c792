/** What the toolbar and the shortcuts do to the document: marks, blocks, links. */
import { Editor, Element, type Node, Range, Transforms } from 'slate'
import type { RichTextElement } from '../../domain/rich-text'

export type Mark = 'bold' | 'italic' | 'underline'
export type Block = 'heading-one' | 'heading-two' | 'block-quote' | 'bulleted-list' | 'numbered-list'

export const LISTS: readonly string[] = ['bulleted-list', 'numbered-list']
export const isElementOf =
  (...types: readonly string[]) =>
  (node: Node): boolean =>
    !Editor.isEditor(node) && Element.isElement(node) && types.includes(node.type)
export const isLink = isElementOf('link')

/** A toolbar button pressed before the text was ever clicked acts at the end of the text. */
export function ensureSelection(editor: Editor) {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []))
}

export const isMarkActive = (editor: Editor, mark: Mark) => Editor.marks(editor)?.[mark] === true

export function toggleMark(editor: Editor, mark: Mark) {
  ensureSelection(editor)
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

export function isBlockActive(editor: Editor, type: Block): boolean {
  const { selection } = editor
  if (!selection) return false
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: isElementOf(type),
  })
  return match !== undefined
}

/** Slate's own recipe: leave any list, retype the blocks, and wrap them in the new list. */
export function toggleBlock(editor: Editor, type: Block) {
  ensureSelection(editor)
  const active = isBlockActive(editor, type)
  const list = LISTS.includes(type)
  Transforms.unwrapNodes(editor, { match: isElementOf(...LISTS), split: true })
  Transforms.setNodes(editor, { type: active ? 'paragraph' : list ? 'list-item' : type })
  if (!active && list) Transforms.wrapNodes(editor, { type, children: [] })
}

export function currentLink(editor: Editor): RichTextElement | undefined {
  const [entry] = Editor.nodes(editor, { match: isLink })
  return entry?.[0] as RichTextElement | undefined
}

/** Links the selected words to `url`, or inserts the URL as a link at the caret; inside a link, changes its URL. */
export function setLink(editor: Editor, url: string) {
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

export const SHORTCUTS: Partial<Record<string, Mark>> = { b: 'bold', i: 'italic', u: 'underline' }
// Cmd on Apple keyboards, Ctrl elsewhere: on a Mac, Ctrl+B and Ctrl+U are the system's own caret keys.
export const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent)
export const MOD = APPLE ? { key: 'Meta', label: '⌘' } : { key: 'Control', label: 'Ctrl+' }
