/** How the editor draws blocks and marks (the look of the read-only view, rich-text-view.tsx). */
import type { RenderElementProps, RenderLeafProps } from 'slate-react'
import { isSafeUrl, richTextClass, withMarks } from '../rich-text-view'

export function renderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'heading-one':
      return (
        <h3 {...attributes} className={richTextClass['heading-one']}>
          {children}
        </h3>
      )
    case 'heading-two':
      return (
        <h4 {...attributes} className={richTextClass['heading-two']}>
          {children}
        </h4>
      )
    case 'block-quote':
      return (
        <blockquote {...attributes} className={richTextClass['block-quote']}>
          {children}
        </blockquote>
      )
    case 'bulleted-list':
      return (
        <ul {...attributes} className={richTextClass['bulleted-list']}>
          {children}
        </ul>
      )
    case 'numbered-list':
      return (
        <ol {...attributes} className={richTextClass['numbered-list']}>
          {children}
        </ol>
      )
    case 'list-item':
      return <li {...attributes}>{children}</li>
    case 'link': {
      // The URL shows on hover; a click places the caret (the text is being edited, not followed).
      // The editor unwraps unsafe links when a document is put in; checked here too, as a
      // middle-click or a context menu would still follow the href.
      const href = element.url && isSafeUrl(element.url) ? element.url : undefined
      return (
        <a {...attributes} href={href} title={element.url} className={richTextClass.link}>
          <EdgeSpacer />
          {children}
          <EdgeSpacer />
        </a>
      )
    }
    default:
      return <p {...attributes}>{children}</p>
  }
}

/** Chromium cannot put the caret at the very start or end of an inline; Slate's documented workaround. */
export function EdgeSpacer() {
  return (
    <span contentEditable={false} className="text-[0px]">
      {'\u00a0'}
    </span>
  )
}

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  return <span {...attributes}>{withMarks(leaf, children)}</span>
}
