/**
 * Slate in jsdom, for the rich-text tests: the caret is put in the text through the DOM selection
 * (Slate follows the `selectionchange` event), a key press becomes React's `beforeinput` and Slate
 * inserts the character, as in a browser without native `beforeinput`.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, beforeAll, vi } from 'vitest'
import type { RichText } from '../../src/domain/rich-text'
import { RichTextEditor } from '../../src/ui/rich-text-editor'

const ownIsContentEditable = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'isContentEditable')

/** jsdom has no isContentEditable; Slate asks it to know that the caret is in its own text. Call at a test file's top. */
export function withContentEditable() {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
      configurable: true,
      get(this: HTMLElement) {
        const host = this.closest('[contenteditable]')
        return host !== null && host.getAttribute('contenteditable') !== 'false'
      },
    })
  })
  afterAll(() => {
    if (ownIsContentEditable)
      Object.defineProperty(HTMLElement.prototype, 'isContentEditable', ownIsContentEditable)
    else Reflect.deleteProperty(HTMLElement.prototype, 'isContentEditable')
  })
}

export const hello: RichText = [{ type: 'paragraph', children: [{ text: 'Hello world' }] }]

export const stored: RichText = [
  { type: 'heading-one', children: [{ text: 'Our services' }] },
  { type: 'heading-two', children: [{ text: 'Support' }] },
  { type: 'paragraph', children: [{ text: 'We ' }, { text: 'fix', bold: true }, { text: ' things.' }] },
  {
    type: 'bulleted-list',
    children: [
      { type: 'list-item', children: [{ text: 'Phones' }] },
      { type: 'list-item', children: [{ text: 'Laptops' }] },
    ],
  },
]

/** Lets Slate's deferred work run: its onChange (a microtask) and its selection sync (throttled to one per 100 ms). */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)))

export function renderEditor(
  value: RichText,
  props: { error?: string; rows?: number; placeholder?: string } = {},
) {
  const onChange = vi.fn<(value: RichText) => void>()
  const view = render(<RichTextEditor label="Description" value={value} onChange={onChange} {...props} />)
  const box = screen.getByRole('textbox', { name: 'Description' })
  return { ...view, onChange, box }
}

/** Puts the DOM selection over `from`–`to` of the text `text` (the caret when `to` is left out), as a click or drag would. */
export async function select(box: HTMLElement, text: string, from: number, to = from) {
  await act(async () => box.focus())
  const node = [...box.querySelectorAll('[data-slate-string]')].find(
    (span) => span.textContent === text,
  )?.firstChild
  if (!node) throw new Error(`no text "${text}" in the editor`)
  document.getSelection()?.setBaseAndExtent(node, from, node, to)
  document.dispatchEvent(new Event('selectionchange'))
  await settle()
}

export async function typeCharacter(box: HTMLElement, char: string) {
  const code = char.charCodeAt(0)
  await act(async () => {
    fireEvent.keyPress(box, { key: char, charCode: code, which: code, keyCode: code })
  })
  await settle()
}

/** Pastes a clipboard holding `data` (its types and their contents) at the caret. */
export async function paste(box: HTMLElement, data: Record<string, string>) {
  await act(async () => {
    fireEvent.paste(box, {
      clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
    })
  })
  await settle()
}

// Slate matches its own shortcuts (undo) by key code, as browsers still send it.
export const undo = (box: HTMLElement) =>
  fireEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, which: 90, ctrlKey: true })

export const lastValue = (onChange: ReturnType<typeof vi.fn<(value: RichText) => void>>) =>
  onChange.mock.calls.at(-1)?.[0]
