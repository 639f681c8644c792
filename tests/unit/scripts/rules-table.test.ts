/**
 * The import rules table in docs/architecture.md is made from biome.json (scripts/rules-table.ts):
 * a rule changed in the lint and not in the docs fails here, with the command that mends it.
 */
import { describe, expect, it } from 'vitest'
import { readBiome, rulesRows, rulesTable, tableInDocs } from '../../../scripts/rules-table'

/** A markdown table's rows as trimmed cells: the formatter's padding is not part of what it says. */
const cellsOf = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )

describe('the import rules table', () => {
  it('in docs/architecture.md is the one biome.json makes (if not: npm run docs:rules)', () => {
    expect(cellsOf(tableInDocs())).toEqual(cellsOf(rulesTable(readBiome())))
  })

  it('has a row for every layer the lint restricts, the domain and the server among them', () => {
    const layers = rulesRows(readBiome()).map(([layer]) => layer)
    for (const layer of ['`src/domain/**`', '`src/features/**`', '`src/ui/**`', '`server/db/*`', '`sw/**`'])
      expect(layers).toContain(layer)
  })

  it('would tell a rule the docs do not hold', () => {
    const biome = readBiome()
    const changed = structuredClone(biome)
    changed.overrides?.push({
      includes: ['src/new-layer/**'],
      linter: { rules: { style: { noRestrictedImports: { options: { paths: { react: 'No React.' } } } } } },
    })
    expect(cellsOf(tableInDocs())).not.toEqual(cellsOf(rulesTable(changed)))
  })
})
