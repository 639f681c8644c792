/**
 * The import rules table of docs/architecture.md, made from biome.json: the
 * lint that enforces the layers is also the only place they are written, so
 * the docs cannot say a rule the lint does not keep (tests/unit/scripts/rules-table.test.ts
 * fails when the table is stale). Run `npm run docs:rules` after changing a rule.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

interface RestrictedImports {
  paths?: Record<string, string>
  patterns?: {
    group: string[]
    message: string
    importNamePattern?: string
    invertImportNamePattern?: boolean
  }[]
}

type Pattern = NonNullable<RestrictedImports['patterns']>[number]

interface Override {
  includes: string[]
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: RestrictedImports } } } }
}

const START = '<!-- rules table: made by npm run docs:rules from biome.json -->'
const END = '<!-- end of rules table -->'

const code = (text: string) => `\`${text}\``

/**
 * A pattern group as read: what it refuses, then what it lets through ('!'), and the import names it is
 * about (an importNamePattern: only those names refused, or, inverted, only those let through).
 */
function group({ group: patterns, importNamePattern, invertImportNamePattern }: Pattern) {
  const refused = patterns.filter((each) => !each.startsWith('!')).map(code)
  const allowed = patterns.filter((each) => each.startsWith('!')).map((each) => code(each.slice(1)))
  const names = importNamePattern
    ? ` (${invertImportNamePattern ? 'but' : 'only'} the names ${code(importNamePattern)})`
    : ''
  return `${refused.join(', ')}${allowed.length ? ` (but ${allowed.join(', ')})` : ''}${names}`
}

/** A row per layer: its forbidden packages, and its forbidden path groups (the lint says why when one fires). */
export function rulesRows(biome: { overrides?: Override[] }): string[][] {
  const rows: string[][] = []
  for (const override of biome.overrides ?? []) {
    const options = override.linter?.rules?.style?.noRestrictedImports?.options
    if (!options) continue
    const packages = Object.keys(options.paths ?? {}).map(code)
    const paths = (options.patterns ?? []).map(group)
    rows.push([override.includes.map(code).join(', '), packages.join(', ') || '—', paths.join('; ') || '—'])
  }
  return rows
}

export function rulesTable(biome: { overrides?: Override[] }): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`
  return [
    line(['Layer', 'Packages it may not import', 'Paths it may not import']),
    line(['---', '---', '---']),
    ...rulesRows(biome).map(line),
  ].join('\n')
}

// Run from the repository's root, as every npm script and test is.
const biomePath = resolve('biome.json')
const docPath = resolve('docs/architecture.md')

export const readBiome = () => JSON.parse(readFileSync(biomePath, 'utf8')) as { overrides?: Override[] }

/** Where the table sits in docs/architecture.md: the text just after its start marker, and its end marker. */
function tableBounds(doc: string) {
  const from = doc.indexOf(START)
  const to = doc.indexOf(END)
  if (from < 0 || to < from) throw new Error(`docs/architecture.md has lost its markers: ${START}`)
  return { from: from + START.length, to }
}

/** The table as docs/architecture.md holds it now, between its markers. */
export function tableInDocs(): string {
  const doc = readFileSync(docPath, 'utf8')
  const { from, to } = tableBounds(doc)
  return doc.slice(from, to).trim()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const doc = readFileSync(docPath, 'utf8')
  const { from, to } = tableBounds(doc)
  writeFileSync(docPath, `${doc.slice(0, from)}\n\n${rulesTable(readBiome())}\n\n${doc.slice(to)}`)
  // The formatter pads the table's columns, as it does every table in docs/.
  execFileSync('npx', ['biome', 'format', '--write', docPath], { stdio: 'inherit' })
}
