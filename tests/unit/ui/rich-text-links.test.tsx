/**
 * The rich-text editor's links and pastes: a link must be http(s), mailto or tel, and pasted HTML or
 * Slate fragments keep their words and safe structure only. Slate runs in jsdom (rich-text-harness.tsx).
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type RichText, toPlainText } from '../../../src/domain/rich-text'
import {
  hello,
  lastValue,
  paste,
  renderEditor,
  select,
  settle,
  withContentEditable,
} from '../rich-text-harness'

withContentEditable()

describe('the rich-text editor, links and pastes', () => {
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
})
