/**
 * The rich-text editor and its read-only view. Slate runs in jsdom here for real:
 * the caret is put in the text through the DOM selection (Slate follows the
 * `selectionchange` event), a key press becomes React's `beforeinput` and Slate
 * inserts the character, as in a browser without native `beforeinput`.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RichText, toPlainText } from '../../src/domain/rich-text'
import { renderElement } from '../../src/ui/rich-text/render'
import { RichTextEditor } from '../../src/ui/rich-text-editor'
import { isSafeUrl, RichTextView } from '../../src/ui/rich-text-view'

// jsdom has no isContentEditable; Slate asks it to know that the caret is in its own text.
const ownIsContentEditable = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'isContentEditable')
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

const hello: RichText = [{ type: 'paragraph', children: [{ text: 'Hello world' }] }]

const stored: RichText = [
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
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)))

function renderEditor(value: RichText, props: { error?: string; rows?: number; placeholder?: string } = {}) {
  const onChange = vi.fn<(value: RichText) => void>()
  const view = render(<RichTextEditor label="Description" value={value} onChange={onChange} {...props} />)
  const box = screen.getByRole('textbox', { name: 'Description' })
  return { ...view, onChange, box }
}

/** Puts the DOM selection over `from`–`to` of the text `text` (the caret when `to` is left out), as a click or drag would. */
async function select(box: HTMLElement, text: string, from: number, to = from) {
  await act(async () => box.focus())
  const node = [...box.querySelectorAll('[data-slate-string]')].find(
    (span) => span.textContent === text,
  )?.firstChild
  if (!node) throw new Error(`no text "${text}" in the editor`)
  document.getSelection()?.setBaseAndExtent(node, from, node, to)
  document.dispatchEvent(new Event('selectionchange'))
  await settle()
}

async function typeCharacter(box: HTMLElement, char: string) {
  const code = char.charCodeAt(0)
  await act(async () => {
    fireEvent.keyPress(box, { key: char, charCode: code, which: code, keyCode: code })
  })
  await settle()
}

/** Pastes a clipboard holding `data` (its types and their contents) at the caret. */
async function paste(box: HTMLElement, data: Record<string, string>) {
  await act(async () => {
    fireEvent.paste(box, {
      clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
    })
  })
  await settle()
}

// Slate matches its own shortcuts (undo) by key code, as browsers still send it.
const undo = (box: HTMLElement) =>
  fireEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, which: 90, ctrlKey: true })

const lastValue = (onChange: ReturnType<typeof vi.fn<(value: RichText) => void>>) =>
  onChange.mock.calls.at(-1)?.[0]

describe('the rich-text editor', () => {
  it('shows a stored document with its headings, list and bold words, under its label', async () => {
    const { box, onChange } = renderEditor(stored)
    expect(within(box).getByRole('heading', { level: 3, name: 'Our services' })).toBeTruthy()
    expect(within(box).getByRole('heading', { level: 4, name: 'Support' })).toBeTruthy()
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Phones', 'Laptops'])
    expect(box.querySelector('strong')?.textContent).toBe('fix')
    expect(screen.getByText('Description').id).toBe(box.getAttribute('aria-labelledby'))
    await settle()
    // Showing a document is not changing it.
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows an empty document, a plain-text one and loose words as paragraphs', async () => {
    const empty = renderEditor([])
    expect(empty.box.querySelectorAll('p')).toHaveLength(1)
    empty.unmount()
    // What an older client stored: a plain string, one paragraph a line.
    const legacy = renderEditor('First line\nSecond line' as unknown as RichText)
    expect([...legacy.box.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'First line',
      'Second line',
    ])
    legacy.unmount()
    // The schema also allows words at the top level and beside a nested list; Slate alone would drop them.
    const loose = [
      { text: 'Loose words' },
      {
        type: 'bulleted-list',
        children: [
          {
            type: 'list-item',
            children: [
              { text: 'Parent item' },
              {
                type: 'bulleted-list',
                children: [{ type: 'list-item', children: [{ text: 'Child item' }] }],
              },
            ],
          },
        ],
      },
    ] as RichText
    const { box, onChange } = renderEditor(loose)
    expect(box.querySelector('p')?.textContent).toBe('Loose words')
    expect(box.querySelector('ul > li > p')?.textContent).toBe('Parent item')
    expect(box.querySelector('ul > li > ul > li')?.textContent).toBe('Child item')
    await settle()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('reports typed text as a new document, and keeps the caret when its own document comes back', async () => {
    const { box, onChange, rerender } = renderEditor(hello)
    await select(box, 'Hello world', 5)
    await typeCharacter(box, ',')
    expect(onChange).toHaveBeenCalledTimes(1)
    const typed = lastValue(onChange) as RichText
    expect(typed).toEqual([{ type: 'paragraph', children: [{ text: 'Hello, world' }] }])

    // The parent stores it and passes it back (or a copy): nothing is replaced, typing goes on at the caret.
    rerender(<RichTextEditor label="Description" value={typed} onChange={onChange} />)
    rerender(<RichTextEditor label="Description" value={structuredClone(typed)} onChange={onChange} />)
    await typeCharacter(box, '!')
    expect(toPlainText(lastValue(onChange))).toBe('Hello,! world')
    expect(onChange).toHaveBeenCalledTimes(2)
  })

  it('goes back to the document it started with when the form is reset to it', async () => {
    const { box, onChange, rerender } = renderEditor(hello)
    await select(box, 'Hello world', 11)
    await typeCharacter(box, '!')
    const typed = lastValue(onChange) as RichText
    rerender(<RichTextEditor label="Description" value={typed} onChange={onChange} />)
    // Discarding the changes hands back the very document the editor was first given.
    rerender(<RichTextEditor label="Description" value={hello} onChange={onChange} />)
    await settle()
    expect(box.textContent).toBe('Hello world')
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('undoes typing with Ctrl+Z', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 5)
    await typeCharacter(box, ',')
    expect(toPlainText(lastValue(onChange))).toBe('Hello, world')
    await act(async () => {
      undo(box)
    })
    await settle()
    expect(toPlainText(lastValue(onChange))).toBe('Hello world')
  })

  it('makes the selected words bold with the Bold button, which shows as pressed', async () => {
    const { box, onChange } = renderEditor(hello)
    const bold = screen.getByRole('button', { name: 'Bold' })
    expect(bold.getAttribute('aria-pressed')).toBe('false')
    await select(box, 'Hello world', 6, 11)
    fireEvent.mouseDown(bold)
    fireEvent.click(bold)
    await settle()
    expect(lastValue(onChange)).toEqual([
      { type: 'paragraph', children: [{ text: 'Hello ' }, { text: 'world', bold: true }] },
    ])
    expect(bold.getAttribute('aria-pressed')).toBe('true')
    expect(box.querySelector('strong')?.textContent).toBe('world')
  })

  it('makes the selected words italic with Ctrl+I', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 0, 5)
    await act(async () => {
      fireEvent.keyDown(box, { key: 'i', ctrlKey: true })
    })
    await settle()
    expect(lastValue(onChange)).toEqual([
      { type: 'paragraph', children: [{ text: 'Hello', italic: true }, { text: ' world' }] },
    ])
    expect(screen.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('turns the paragraph into a bulleted list and back', async () => {
    const { box, onChange } = renderEditor(hello)
    const list = screen.getByRole('button', { name: 'Bulleted list' })
    await select(box, 'Hello world', 3)
    fireEvent.click(list)
    await settle()
    expect(lastValue(onChange)).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Hello world' }] }] },
    ])
    expect(list.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(list)
    await settle()
    expect(lastValue(onChange)).toEqual(hello)
  })

  it('refuses a javascript: link and stores nothing, but links an https address', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 6, 11)
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const address = screen.getByRole('textbox', { name: 'Link address' })
    fireEvent.change(address, { target: { value: 'javascript:alert(document.cookie)' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }))
    await settle()
    expect(screen.getByText('Links must start with http://, https://, mailto: or tel:.')).toBeTruthy()
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
    expect(box.querySelector('a')).toBeNull()

    // The same form takes a safe address, which shows the refusal above was the rule and not a broken form.
    fireEvent.change(address, { target: { value: 'https://example.com/' } })
    fireEvent.keyDown(address, { key: 'Enter' })
    await settle()
    expect(lastValue(onChange)).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'Hello ' },
          { type: 'link', url: 'https://example.com/', children: [{ text: 'world' }] },
          { text: '' },
        ],
      },
    ])
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull()
  })

  it('drops a javascript: link that arrives in a pasted Slate fragment, keeping its words', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 11)
    const fragment = [
      {
        type: 'paragraph',
        children: [
          { text: ' ' },
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'click' }] },
        ],
      },
    ]
    const encoded = btoa(encodeURIComponent(JSON.stringify(fragment)))
    // Slate's own copy carries HTML as well; its fragment is what is pasted.
    await paste(box, { 'application/x-slate-fragment': encoded, 'text/html': '<h1>not this</h1>' })
    const pasted = lastValue(onChange) as RichText
    expect(toPlainText(pasted)).toBe('Hello world click')
    expect(JSON.stringify(pasted)).not.toContain('javascript:')
    expect(box.querySelector('a')).toBeNull()
  })

  it('keeps the headings, list, bold words and safe links of pasted HTML, and drops the rest', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 0, 11)
    const html =
      '<meta charset="utf-8"><h2>Plans</h2>' +
      '<p>Pick <b>one</b> on <a href="https://example.com/plans">our site</a><script>alert(1)</script>.</p>' +
      '<ul><li>Team</li><li>Pro <a href="javascript:alert(2)">now</a></li></ul><img src="x" onerror="alert(3)">'
    await paste(box, { 'text/html': html, 'text/plain': 'Plans\nPick one on our site.\nTeam\nPro now' })
    expect(lastValue(onChange)).toEqual([
      { type: 'heading-two', children: [{ text: 'Plans' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'Pick ' },
          { text: 'one', bold: true },
          { text: ' on ' },
          { type: 'link', url: 'https://example.com/plans', children: [{ text: 'our site' }] },
          { text: '.' },
        ],
      },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'Team' }] },
          { type: 'list-item', children: [{ text: 'Pro now' }] },
        ],
      },
    ])
    expect(within(box).getByRole('heading', { level: 4, name: 'Plans' })).toBeTruthy()
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com/plans')
    expect(box.querySelector('img, script')).toBeNull()
  })

  it('keeps a list pasted inside a sentence whole, on its own lines', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 5)
    await paste(box, { 'text/html': '<ol><li>One</li><li>Two</li></ol>', 'text/plain': 'One\nTwo' })
    // Slate alone would merge "One" into "Hello" and leave "Two" an item outside any list.
    expect(lastValue(onChange)).toEqual([
      { type: 'paragraph', children: [{ text: 'Hello' }] },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'One' }] },
          { type: 'list-item', children: [{ text: 'Two' }] },
        ],
      },
      { type: 'paragraph', children: [{ text: ' world' }] },
    ])
  })

  it('pastes the plain text when the pasted HTML holds no words', async () => {
    const { box, onChange } = renderEditor(hello)
    await select(box, 'Hello world', 11)
    await paste(box, { 'text/html': '<img src="chart.png">', 'text/plain': ' (chart)' })
    expect(lastValue(onChange)).toEqual([{ type: 'paragraph', children: [{ text: 'Hello world (chart)' }] }])
  })

  it('removes a link with Remove link, which is off outside a link', async () => {
    const linked: RichText = [
      {
        type: 'paragraph',
        children: [
          { text: 'See ' },
          { type: 'link', url: 'tel:+15550100', children: [{ text: 'us' }] },
          { text: '' },
        ],
      },
    ]
    const { box, onChange } = renderEditor(linked)
    const remove = screen.getByRole('button', { name: 'Remove link' }) as HTMLButtonElement
    expect(remove.disabled).toBe(true)
    await select(box, 'us', 1)
    expect(remove.disabled).toBe(false)
    fireEvent.click(remove)
    await settle()
    expect(lastValue(onChange)).toEqual([{ type: 'paragraph', children: [{ text: 'See us' }] }])
  })

  it('shows a document changed outside (a pull, a reset) without reporting it back', async () => {
    const { box, onChange, rerender } = renderEditor(hello)
    await select(box, 'Hello world', 11)
    await typeCharacter(box, '!')
    expect(onChange).toHaveBeenCalledTimes(1)
    // The form is reset to what the server now holds.
    const pulled: RichText = [{ type: 'block-quote', children: [{ text: 'Changed by a colleague' }] }]
    rerender(<RichTextEditor label="Description" value={pulled} onChange={onChange} />)
    await settle()
    expect(within(box).getByText('Changed by a colleague').closest('blockquote')).toBeTruthy()
    expect(box.textContent).not.toContain('Hello')
    expect(onChange).toHaveBeenCalledTimes(1)

    // What is typed next lands in the new document, and undo cannot reach back past it.
    await select(box, 'Changed by a colleague', 0)
    await typeCharacter(box, '>')
    expect(lastValue(onChange)).toEqual([
      { type: 'block-quote', children: [{ text: '>Changed by a colleague' }] },
    ])
    await act(async () => {
      undo(box)
      undo(box)
      undo(box)
    })
    await settle()
    expect(lastValue(onChange)).toEqual(pulled)
    expect(box.textContent).not.toContain('Hello')
  })

  it('shows its error under the field, announced with the text', () => {
    const { box } = renderEditor(hello, { error: 'Must be at most 100000 characters.' })
    expect(box.getAttribute('aria-invalid')).toBe('true')
    const describedBy = box.getAttribute('aria-describedby')
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      'Must be at most 100000 characters.',
    )
  })

  it('is `rows` lines high at least, and shows its placeholder while empty', async () => {
    const { box } = renderEditor([], { rows: 3, placeholder: 'What it is, in a few lines' })
    expect(box.style.minHeight).toBe('calc(4.875em + 1rem)')
    expect(box.getAttribute('aria-placeholder')).toBe('What it is, in a few lines')
    // Slate draws the placeholder itself a moment after the text is found empty.
    await settle()
    expect(within(box).getByText('What it is, in a few lines')).toBeTruthy()
  })

  it('is one tab stop for the whole toolbar, moved with the arrow keys', async () => {
    renderEditor(hello)
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' })
    const tabbable = within(toolbar)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0)
    expect(tabbable.map((button) => button.getAttribute('aria-label'))).toEqual(['Bold'])
    await act(async () => tabbable[0]?.focus())
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic' }))
    fireEvent.keyDown(toolbar, { key: 'End' })
    // Remove link is off here, so the last button the keys reach is Link.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link' }))
  })
})

describe('the rich-text view', () => {
  it('draws a document as semantic HTML', () => {
    const document: RichText = [
      ...stored,
      { type: 'block-quote', children: [{ text: 'Quoted' }] },
      {
        type: 'numbered-list',
        children: [{ type: 'list-item', children: [{ text: 'One', italic: true, underline: true }] }],
      },
      {
        type: 'paragraph',
        children: [
          { text: 'Mail ' },
          { type: 'link', url: 'mailto:sales@example.com', children: [{ text: 'sales' }] },
          { text: 'or run ', code: true },
        ],
      },
    ]
    const { container } = render(<RichTextView value={document} />)
    expect(screen.getByRole('heading', { level: 3, name: 'Our services' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 4, name: 'Support' })).toBeTruthy()
    expect(container.querySelector('ul')?.children).toHaveLength(2)
    expect(container.querySelector('ol > li > em > u')?.textContent).toBe('One')
    expect(container.querySelector('blockquote')?.textContent).toBe('Quoted')
    expect(container.querySelector('strong')?.textContent).toBe('fix')
    expect(container.querySelector('code')?.textContent).toBe('or run ')
    const link = screen.getByRole('link', { name: 'sales' })
    expect(link.getAttribute('href')).toBe('mailto:sales@example.com')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(container.querySelector('[contenteditable]')).toBeNull()
  })

  it('never draws an unsafe link as an href, but keeps its words', () => {
    // The schema refuses these; a view must hold even for a document that never went through it.
    const hostile = [
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'one' }] },
          { type: 'link', url: ' JavaScript:alert(2)', children: [{ text: 'two' }] },
          { type: 'link', url: 'data:text/html,<script>alert(3)</script>', children: [{ text: 'three' }] },
        ],
      },
    ] as RichText
    const { container } = render(<RichTextView value={hostile} />)
    expect(container.textContent).toBe('onetwothree')
    expect(container.querySelector('a')).toBeNull()
    expect(container.innerHTML).not.toMatch(/javascript|data:/i)
  })

  it('the editor draws no unsafe href either, from a stored document or a link element given to it', () => {
    const hostile = [
      {
        type: 'paragraph',
        children: [
          { text: 'a ' },
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'one' }] },
          { text: ' b' },
        ],
      },
    ] as RichText
    const editor = render(<RichTextEditor label="Description" value={hostile} onChange={() => {}} />)
    expect(editor.container.textContent).toContain('one')
    expect(editor.container.innerHTML).not.toMatch(/javascript/i)
    editor.unmount()
    // The element renderer itself, should a link reach it before the editor unwraps it.
    const link = { type: 'link', url: 'javascript:alert(2)', children: [{ text: 'two' }] } as const
    const attributes = { 'data-slate-node': 'element', ref: null } as const
    const drawn = render(renderElement({ attributes, children: 'two', element: link } as never))
    expect(drawn.container.querySelector('a')?.hasAttribute('href')).toBe(false)
  })

  it('allows links by the domain rule: http(s), mailto and tel only', () => {
    const allowed = ['https://example.com', 'http://example.com', 'mailto:a@example.com', 'tel:+15550100']
    const refused = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      '/relative',
      '',
    ]
    expect(allowed.filter(isSafeUrl)).toEqual(allowed)
    expect(refused.filter(isSafeUrl)).toEqual([])
  })
})
