/**
 * The rich-text schema shared by the client and the server: what it keeps of a
 * document (only the keys the editor makes) and which links it refuses.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { richText, withKnownKeys } from '../../../src/domain/rich-text'

const LINK_RULE = 'Links must start with http://, https://, mailto: or tel:.'

/** The schema's verdict: the stored document, or the messages of its refusal. */
function parse(input: unknown) {
  const result = v.safeParse(richText, input)
  return result.success ? { value: result.output } : { problems: result.issues.map((issue) => issue.message) }
}

describe('richText keeps only what the editor makes', () => {
  it('drops unknown keys from blocks, links and words, and a url anywhere but on a link', () => {
    const sent = JSON.parse(`[
      {
        "type": "paragraph", "url": "javascript:1", "onclick": "alert(1)", "style": "x",
        "children": [
          { "text": "Hi ", "bold": true, "onmouseover": "alert(2)", "url": "javascript:2", "type": "link" },
          {
            "type": "link", "url": "https://example.com/", "target": "_self", "rel": "opener",
            "children": [{ "text": "site", "italic": true, "underline": false, "class": "x" }]
          }
        ]
      },
      {
        "type": "bulleted-list", "__proto__": { "polluted": true }, "data-x": 1,
        "children": [{ "type": "list-item", "children": [{ "text": "one", "code": true, "html": "<b>" }] }]
      }
    ]`)
    expect(parse(sent)).toEqual({
      value: [
        {
          type: 'paragraph',
          children: [
            { text: 'Hi ', bold: true },
            {
              type: 'link',
              url: 'https://example.com/',
              children: [{ text: 'site', italic: true, underline: false }],
            },
          ],
        },
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'one', code: true }] }] },
      ],
    })
  })

  it('leaves a document of known keys as it was, and a plain string still becomes paragraphs', () => {
    const clean = [
      { type: 'heading-one', children: [{ text: 'Title' }] },
      {
        type: 'paragraph',
        children: [{ text: 'Call ' }, { type: 'link', url: 'tel:+15550100', children: [{ text: 'us' }] }],
      },
    ]
    expect(parse(structuredClone(clean))).toEqual({ value: clean })
    expect(withKnownKeys(clean as never)).toEqual(clean)
    expect(parse('a\nb')).toEqual({
      value: [
        { type: 'paragraph', children: [{ text: 'a' }] },
        { type: 'paragraph', children: [{ text: 'b' }] },
      ],
    })
  })

  it('refuses unsafe link addresses in plain words, whatever their spelling', () => {
    for (const url of [
      'javascript:1',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/',
      '/relative',
      '',
    ]) {
      const link = [{ type: 'paragraph', children: [{ type: 'link', url, children: [{ text: 'x' }] }] }]
      expect(parse(link), url).toEqual({ problems: [LINK_RULE] })
    }
    const missing = [{ type: 'paragraph', children: [{ type: 'link', children: [{ text: 'x' }] }] }]
    expect(parse(missing)).toEqual({ problems: [LINK_RULE] })
  })
})
