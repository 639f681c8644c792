/**
 * BENCHMARKS.md is written by more than one tool (`npm run bench`, `npm run
 * audit`, and sections other benchmarks add): each replaces only its own
 * `## ` sections and keeps every other one exactly as it was, text and all.
 */

interface Layout {
  /** The file's first line, `# …`, and the paragraph under it. */
  title: string
  intro: string
  /** Headings in the order the file shows them; sections not listed follow, in their old order, then new ones. */
  order: string[]
  /** What a listed section says until some tool writes it. */
  placeholders?: Record<string, string>
}

/** The `## ` sections of a markdown text, heading → the section's whole text (heading line included). */
export function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>()
  let heading: string | null = null
  let lines: string[] = []
  let fenced = false
  const close = () => {
    if (heading !== null) sections.set(heading, lines.join('\n').replace(/\n+$/, ''))
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    if (!fenced && line.startsWith('## ')) {
      close()
      heading = line.slice(3).trim()
      lines = [line]
    } else if (heading !== null) lines.push(line)
  }
  close()
  return sections
}

/** `previous` with the sections in `fresh` (heading → body) written anew and every other section kept. */
export function replaceSections(previous: string, fresh: Map<string, string>, layout: Layout): string {
  const kept = sectionsOf(previous)
  const section = (heading: string): string | undefined => {
    const body = fresh.get(heading)
    if (body !== undefined) return `## ${heading}\n\n${body.trim()}`
    const old = kept.get(heading)
    if (old !== undefined) return old
    const placeholder = layout.placeholders?.[heading]
    return placeholder === undefined ? undefined : `## ${heading}\n\n${placeholder}`
  }
  // Listed ones first, then the file's others where they were, then new ones.
  const headings = [...layout.order, ...kept.keys(), ...fresh.keys()]
  const parts = [...new Set(headings)].map(section).filter((part): part is string => part !== undefined)
  return `${[`${layout.title}\n\n${layout.intro.trim()}`, ...parts].join('\n\n')}\n`
}
