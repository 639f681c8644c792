/** The Slate editor a description edits: its plugins (blocks only at the top, pasted HTML) and putting a document in. */
import { type BaseEditor, createEditor, Editor, Element, Range, Transforms } from 'slate'
import { HistoryEditor, withHistory } from 'slate-history'
import { type ReactEditor, withReact } from 'slate-react'
import {
  BLOCK_TYPES,
  emptyRichText,
  type RichText,
  type RichTextElement,
  type RichTextLeaf,
} from '../../domain/rich-text'
import { richTextFromHtml } from '../rich-text-paste'
import { isSafeUrl, normalizeRichText } from '../rich-text-view'

import { isElementOf, LISTS } from './commands'

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: RichTextElement
    Text: RichTextLeaf
  }
}

export function withRichText(editor: Editor): Editor {
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
export function withPastedHtml(editor: Editor): Editor {
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
export function insertPasted(editor: Editor, fragment: RichText) {
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
export function editable(value: RichText): RichText {
  const document = normalizeRichText(value)
  return document.length ? document : emptyRichText()
}

/** `value` as the whole document, outside the undo history (an undo must not bring back what was replaced). */
export function setDocument(editor: Editor, value: RichText) {
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

export function createRichTextEditor(value: RichText): Editor {
  const editor = withPastedHtml(withRichText(withHistory(withReact(createEditor()))))
  setDocument(editor, value)
  return editor
}

/** Deep equality of two JSON trees; Slate shares untouched nodes, so most comparisons stop at the first level. */
export function sameTree(a: unknown, b: unknown): boolean {
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
