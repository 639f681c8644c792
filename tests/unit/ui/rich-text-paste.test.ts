/**
 * Pasted HTML as rich text, without Slate: snippets as a browser, Google Docs
 * and Word put them on the clipboard, parsed the way the editor parses them.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type RichText, type RichTextElement, richText, toPlainText } from '../../../src/domain/rich-text'
import { richTextFromHtml } from '../../../src/ui/rich-text-paste'

const convert = (html: string) => richTextFromHtml(new DOMParser().parseFromString(html, 'text/html').body)

describe('pasted HTML', () => {
  it('keeps a web page’s headings, lists, quote, marks and links', () => {
    const page = `
      <h1>Outpost <span>Pro</span></h1>
      <p>The <strong>fastest</strong> way to
         <a href="https://example.com/crm">run   a CRM</a>,<br>
         on <em>any</em> device.</p>
      <h3>Includes</h3>
      <ul>
        <li>Offline <b>sync</b></li>
        <li><p>Reports</p></li>
      </ul>
      <ol><li>Install</li><li>Sign in</li></ol>
      <blockquote><p>Best tool <u>we</u> bought.</p><p>— A customer</p></blockquote>`
    expect(convert(page)).toEqual([
      { type: 'heading-one', children: [{ text: 'Outpost Pro' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'The ' },
          { text: 'fastest', bold: true },
          { text: ' way to ' },
          { type: 'link', url: 'https://example.com/crm', children: [{ text: 'run a CRM' }] },
          { text: ',\non ' },
          { text: 'any', italic: true },
          { text: ' device.' },
        ],
      },
      { type: 'heading-two', children: [{ text: 'Includes' }] },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'Offline ' }, { text: 'sync', bold: true }] },
          { type: 'list-item', children: [{ text: 'Reports' }] },
        ],
      },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'Install' }] },
          { type: 'list-item', children: [{ text: 'Sign in' }] },
        ],
      },
      {
        type: 'block-quote',
        children: [{ text: 'Best tool ' }, { text: 'we', underline: true }, { text: ' bought.' }],
      },
      { type: 'block-quote', children: [{ text: '— A customer' }] },
    ])
  })

  it('reads Google Docs’ weights: its outer <b> is not bold, its spans at 700 are', () => {
    const span = (css: string, text: string) =>
      `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;${css}font-variant:normal;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">${text}</span>`
    const normal = 'font-weight:400;font-style:normal;text-decoration:none;'
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5c0d9a3e-7fff-1b2c-8d4e-0a1b2c3d4e5f">' +
      `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;">${span(normal, 'Quarterly plan')}</h1>` +
      `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${span(normal, 'Ship the ')}${span('font-weight:700;font-style:normal;text-decoration:none;', 'offline')}${span('font-weight:400;font-style:italic;text-decoration:none;', ' mode')}${span(normal, '.')}</p>` +
      '<br>' +
      '<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">' +
      `<li dir="ltr" style="list-style-type:disc;font-size:11pt;font-weight:400;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation">${span(normal, 'Sync')}</p></li>` +
      '<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">' +
      `<li dir="ltr" style="list-style-type:circle;font-weight:400;" aria-level="2"><p dir="ltr" role="presentation">${span('font-weight:700;', 'Conflicts')}</p></li>` +
      '</ul>' +
      `<li dir="ltr" style="list-style-type:disc;font-weight:400;" aria-level="1"><p dir="ltr" role="presentation">${span(normal, 'Search')}</p></li>` +
      '</ul>' +
      `<p dir="ltr"><a href="https://docs.example.com/spec" style="text-decoration:none;">${span('font-weight:400;color:#1155cc;text-decoration:underline;-webkit-text-decoration-skip:none;', 'the spec')}</a></p>` +
      '</b>'
    expect(convert(docs)).toEqual([
      { type: 'heading-one', children: [{ text: 'Quarterly plan' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'Ship the ' },
          { text: 'offline', bold: true },
          { text: ' mode', italic: true },
          { text: '.' },
        ],
      },
      {
        type: 'bulleted-list',
        children: [
          {
            type: 'list-item',
            children: [
              { type: 'paragraph', children: [{ text: 'Sync' }] },
              {
                type: 'bulleted-list',
                children: [{ type: 'list-item', children: [{ text: 'Conflicts', bold: true }] }],
              },
            ],
          },
          { type: 'list-item', children: [{ text: 'Search' }] },
        ],
      },
      // The link keeps its words, without the underline Docs draws on every link.
      {
        type: 'paragraph',
        children: [{ type: 'link', url: 'https://docs.example.com/spec', children: [{ text: 'the spec' }] }],
      },
    ])
  })

  it('reads Word’s paragraphs and list paragraphs, without its markers, <o:p> and blank lines', () => {
    const marker = (text: string) =>
      `<![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>${text}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>`
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15">
<style><!-- p.MsoNormal {mso-style-unhide:no; margin:0cm; font-size:11.0pt;} --></style></head>
<body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoNormal><b style='mso-bidi-font-weight:normal'><span lang=EN-US>Delivery</span></b><span
lang=EN-US> terms<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'>${marker('·')}Free
shipping<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'>${marker('·')}Returns within <i>30</i> days<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'>${marker('1.')}Order<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'>${marker('2.')}Pay<o:p></o:p></p>
<p class=MsoNormal><span style='mso-bidi-font-weight:bold'>Ask&nbsp;</span><a href="mailto:sales@example.com">sales</a><o:p></o:p></p>
<!--EndFragment-->
</body></html>`
    expect(convert(word)).toEqual([
      { type: 'paragraph', children: [{ text: 'Delivery', bold: true }, { text: ' terms' }] },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'Free shipping' }] },
          {
            type: 'list-item',
            children: [{ text: 'Returns within ' }, { text: '30', italic: true }, { text: ' days' }],
          },
        ],
      },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'Order' }] },
          { type: 'list-item', children: [{ text: 'Pay' }] },
        ],
      },
      {
        type: 'paragraph',
        children: [
          { text: 'Ask ' },
          { type: 'link', url: 'mailto:sales@example.com', children: [{ text: 'sales' }] },
        ],
      },
    ])
  })

  it('keeps only the safe words of a hostile snippet', () => {
    const hostile = `
      <style>p { background: url(javascript:alert(1)) }</style>
      <script>alert(2)</script>
      <p onclick="alert(3)">Hi <a href="javascript:alert(4)">there</a><img src="x" onerror="alert(5)" alt="alert(5)"></p>
      <iframe src="https://evil.example/" srcdoc="<script>alert(6)</script>">alert(6)</iframe>
      <p><a href="data:text/html,<script>alert(7)</script>">data</a>
         <a href=" JavaScript:alert(8)">spaced</a>
         <a href="/relative">relative</a></p>
      <svg><script>alert(9)</script><text>alert(9)</text></svg>
      <object data="x.swf">alert(10)</object>
      <noscript><p>alert(11)</p></noscript>
      <template><p>alert(12)</p></template>
      <p hidden>alert(13)</p><p style="display: none">alert(14)</p>
      <button onclick="alert(15)">alert(15)</button>`
    const pasted = convert(hostile)
    expect(pasted).toEqual([
      { type: 'paragraph', children: [{ text: 'Hi there' }] },
      { type: 'paragraph', children: [{ text: 'data spaced relative' }] },
    ])
    expect(JSON.stringify(pasted)).not.toMatch(/alert|javascript|data:|url/i)
  })

  it('collapses white space as a browser draws it, but not in <pre>', () => {
    expect(
      convert('<p> &nbsp; a \n <b> b </b>  c <br>  d&nbsp; </p><pre>const a = 1\n  b()\n</pre>\n\n<p> </p>'),
    ).toEqual([
      { type: 'paragraph', children: [{ text: 'a ' }, { text: 'b ', bold: true }, { text: 'c\nd' }] },
      { type: 'paragraph', children: [{ text: 'const a = 1\n  b()', code: true }] },
    ])
  })

  it('turns table cells into paragraphs', () => {
    expect(
      convert('<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team</td><td><b>9</b> €</td></tr></table>'),
    ).toEqual([
      { type: 'paragraph', children: [{ text: 'Plan' }] },
      { type: 'paragraph', children: [{ text: 'Price' }] },
      { type: 'paragraph', children: [{ text: 'Team' }] },
      { type: 'paragraph', children: [{ text: '9', bold: true }, { text: ' €' }] },
    ])
  })

  it('flattens lists nested deeper than the schema allows into the third level', () => {
    const nested = (depth: number): string =>
      depth > 5
        ? ''
        : `<ul><li><a href="https://example.com/${depth}">Level ${depth}</a>${nested(depth + 1)}</li></ul>`
    const pasted = convert(nested(1)) as RichText
    expect(v.is(richText, pasted)).toBe(true)
    // Each level's list comes after its first item's words.
    const inner = (list: RichTextElement | undefined) =>
      (list?.children[0] as RichTextElement | undefined)?.children.at(-1) as RichTextElement | undefined
    const third = inner(inner(pasted[0]))
    expect(third?.type).toBe('bulleted-list')
    expect(third?.children.map((item) => toPlainText([item as RichTextElement]))).toEqual([
      'Level 3',
      'Level 4',
      'Level 5',
    ])
    expect(JSON.stringify(third?.children)).not.toContain('list"')
  })

  it('gives nothing for a paste without words, or longer than a description may be', () => {
    expect(convert('<img src="photo.png"><p>  </p><br>')).toBeUndefined()
    expect(convert(`<p>${'a'.repeat(100_001)}</p>`)).toBeUndefined()
    expect(convert(`<p>${'a'.repeat(100_000)}</p>`)).toHaveLength(1)
  })
})
