/** The rich-text view: a document drawn as semantic HTML, never an unsafe link. */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { RichText } from '../../../src/domain/rich-text'
import { renderElement } from '../../../src/ui/rich-text/render'
import { RichTextEditor } from '../../../src/ui/rich-text-editor'
import { isSafeUrl, RichTextView } from '../../../src/ui/rich-text-view'
import { stored, withContentEditable } from '../rich-text-harness'

withContentEditable()

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
