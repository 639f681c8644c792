/**
 * The rich-text editor: showing documents, typing, undo, the toolbar's formats, a document changed
 * outside, and its label, error and size. Slate runs in jsdom for real (rich-text-harness.tsx).
 */
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type RichText, toPlainText } from '../../../src/domain/rich-text'
import { RichTextEditor } from '../../../src/ui/rich-text-editor'
import {
  hello,
  lastValue,
  renderEditor,
  select,
  settle,
  stored,
  typeCharacter,
  undo,
  withContentEditable,
} from '../rich-text-harness'

withContentEditable()

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
