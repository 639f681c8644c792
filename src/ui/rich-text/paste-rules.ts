/** How pasted HTML is read: what each tag and style means, what is dropped (rich-text-paste.ts walks the DOM with these). */
import { MARKS, type Mark, type RichTextElement } from '../../domain/rich-text'
import { isSafeUrl } from '../rich-text-view'

// The marks are the domain's, as it keeps no others; re-exported for the paste walk.
export { MARKS, type Mark }

export type TextBlock = 'paragraph' | 'heading-one' | 'heading-two' | 'block-quote'
export type ListBlock = 'bulleted-list' | 'numbered-list'

/** What the elements around a text give it. */
export interface Style {
  bold: boolean
  italic: boolean
  underline: boolean
  code: boolean
  /** White space kept as written (<pre>, white-space: pre), not collapsed as in running text. */
  pre: boolean
  /** The safe address of the link around it. */
  url?: string
}

/** A piece of a block's words: running text, preformatted text, or a <br>. */
export interface Segment {
  text: string
  style: Style
  kind: 'text' | 'pre' | 'break'
}

/** Where the walk puts what it finds: finished blocks, and the words since the last block. */
export interface Sink {
  blocks: RichTextElement[]
  run: Segment[]
  /** What a run of words becomes here: a paragraph, a quote inside <blockquote>, a heading inside <h1>. */
  text: TextBlock
  /** How many lists are around this point. */
  lists: number
  /** The list Word's list paragraphs are being gathered into. */
  wordList?: RichTextElement
}

export const PLAIN: Style = { bold: false, italic: false, underline: false, code: false, pre: false }

/** Elements with no words for a reader, or with words that are code, styles or a form's controls. */
export const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'img',
  'picture',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'map',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'input',
  'select',
  'textarea',
  'button',
])

export const HEADINGS: Partial<Record<string, TextBlock>> = {
  h1: 'heading-one',
  h2: 'heading-two',
  h3: 'heading-two',
  h4: 'heading-two',
  h5: 'heading-two',
  h6: 'heading-two',
}
export const LISTS: Partial<Record<string, ListBlock>> = {
  ul: 'bulleted-list',
  ol: 'numbered-list',
  menu: 'bulleted-list',
}

/**
 * Blocks the domain has no kind for: they only end the words before them and
 * those they hold. A table's cells so become paragraphs of their own.
 */
export const CONTAINERS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'address',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'form',
  'fieldset',
  'legend',
  'center',
  'hgroup',
  'hr',
])

export const TAG_MARKS: Partial<Record<string, Mark>> = {
  b: 'bold',
  strong: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  ins: 'underline',
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
}

/**
 * The schema lets rich text nest MAX_DEPTH (8) levels. A list takes two (the
 * list and its item) and an item's words may sit in a paragraph and a link, so
 * three lists in one another fit; items nested deeper join the third list.
 */
export const MAX_LIST_LEVELS = 3

/**
 * The declarations of an element's style attribute, the last one of a property
 * winning as in CSS (Google Docs writes `white-space:pre;white-space:pre-wrap`).
 * Read by hand rather than through element.style: no CSSOM knows Word's mso-list.
 */
export function declarations(element: Element): Map<string, string> {
  const found = new Map<string, string>()
  for (const declaration of (element.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const value = declaration.slice(colon + 1).replace(/!important/i, '')
    found.set(declaration.slice(0, colon).trim().toLowerCase(), value.trim().toLowerCase())
  }
  return found
}

export function isBold(weight: string): boolean {
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600
}

export function styled(element: Element, tag: string, css: Map<string, string>, style: Style): Style {
  const next = { ...style }
  const mark = TAG_MARKS[tag]
  if (mark) next[mark] = true
  if (tag === 'pre') next.pre = next.code = true
  if (tag === 'a') {
    // An unsafe or relative address leaves only the words.
    const href = element.getAttribute('href')?.trim() ?? ''
    next.url = isSafeUrl(href) ? href : undefined
  }
  // A style overrides the tag: Google Docs wraps the whole copy in <b style="font-weight:normal">.
  // A heading's own weight is only how headings look on that page.
  const weight = css.get('font-weight')
  if (weight && !HEADINGS[tag]) next.bold = isBold(weight)
  const fontStyle = css.get('font-style')
  if (fontStyle) next.italic = fontStyle === 'italic' || fontStyle.startsWith('oblique')
  // `text-decoration: none` does not take away an underline drawn by an element around it.
  if (/\bunderline\b/.test(`${css.get('text-decoration')} ${css.get('text-decoration-line')}`))
    next.underline = true
  const space = css.get('white-space')
  if (space) next.pre = ['pre', 'pre-wrap', 'break-spaces'].includes(space)
  return next
}

/** Hidden from the reader: `hidden`, display:none, and the bullet or number Word writes out before a list paragraph. */
export function isHidden(element: Element, css: Map<string, string>): boolean {
  return element.hasAttribute('hidden') || css.get('display') === 'none' || css.get('mso-list') === 'ignore'
}

/**
 * Word's list paragraphs (style="mso-list:l0 level1 lfo1"), which are
 * numbered when the marker Word wrote before them is ("1.", "a)"). Word's
 * levels are not kept: its lists become one level.
 */
export function wordListType(element: Element, css: Map<string, string>): ListBlock | undefined {
  if (!/\blevel\d/.test(css.get('mso-list') ?? '')) return undefined
  const marker = [...element.querySelectorAll('[style]')].find(
    (inner) => declarations(inner).get('mso-list') === 'ignore',
  )
  return /^\(?[0-9a-z]{1,5}[.)]/i.test(marker?.textContent?.trim() ?? '') ? 'numbered-list' : 'bulleted-list'
}
