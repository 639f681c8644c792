/**
 * The layer rules are the linter's (biome.json), so the build, not a
 * reviewer, keeps them. This proves each one fires: for every layer, each of
 * its rules (a package of `paths`, a pattern group named by its first pattern)
 * refuses a file of that layer which imports what it forbids, with that rule's
 * own message; each exception a rule makes (a `!` pattern, or the names an
 * inverted `importNamePattern` lets through) passes; and a rule, an exception
 * or a folder of a layer that has no case (layer-cases.ts) fails the last tests.
 *
 * Every case is a file of one temporary copy of the layout, linted with this
 * repository's biome.json in a single run of Biome.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NAMES } from './layer-case'
import { layers } from './layer-cases'

interface Pattern {
  group: string[]
  message: string
  importNamePattern?: string
  invertImportNamePattern?: boolean
}

interface Override {
  includes: string[]
  linter?: {
    rules?: {
      style?: {
        noRestrictedImports?: { options?: { paths?: Record<string, string>; patterns?: Pattern[] } }
      }
    }
  }
}

const biomeJson = JSON.parse(readFileSync('biome.json', 'utf8')) as { overrides: Override[] }

const overrides = biomeJson.overrides
  .map((override) => ({
    includes: override.includes,
    options: override.linter?.rules?.style?.noRestrictedImports?.options,
  }))
  .filter((override) => override.options)

/** Each rule of an override: a package with its message, or a pattern group by its first pattern. */
function rulesOf(options: NonNullable<(typeof overrides)[number]['options']>) {
  const packages = Object.entries(options.paths ?? {}).map(([name, message]) => ({
    name,
    message,
    exceptions: [] as string[],
  }))
  const groups = (options.patterns ?? []).map((pattern) => ({
    name: pattern.group.find((each) => !each.startsWith('!')) ?? '',
    message: pattern.message,
    exceptions: [
      ...pattern.group.filter((each) => each.startsWith('!')),
      ...(pattern.importNamePattern && pattern.invertImportNamePattern ? [NAMES] : []),
    ],
  }))
  return [...packages, ...groups]
}

/** Whether an override's glob holds `path` (the globs biome.json uses: `dir/**` and `dir/*`). */
function holds(glob: string, path: string) {
  if (glob.endsWith('/**') && !glob.slice(0, -3).includes('*')) return path.startsWith(glob.slice(0, -2))
  if (glob.endsWith('/*') && !glob.slice(0, -2).includes('*')) return dirname(path) === glob.slice(0, -2)
  throw new Error(`layers.test.ts cannot read the glob ${glob}: teach holds() its form.`)
}

/** The override whose rules Biome applies to `path`: the last that holds it (a later one replaces them). */
const layerOf = (path: string) =>
  overrides.findLast((each) => each.includes.some((glob) => holds(glob, path)))

const refusals = Object.entries(layers).flatMap(([layer, { refuses }]) =>
  Object.entries(refuses).flatMap(([rule, cases]) =>
    cases.map(([path, source]) => ({ layer, rule, exception: '', path, source, refused: true })),
  ),
)
const passes = Object.entries(layers).flatMap(([layer, { excepts = {}, allows = [] }]) => [
  ...Object.entries(excepts).flatMap(([rule, exceptions]) =>
    Object.entries(exceptions).flatMap(([exception, cases]) =>
      cases.map(([path, source]) => ({ layer, rule, exception, path, source, refused: false })),
    ),
  ),
  ...allows.map(([path, source]) => ({ layer, rule: '', exception: '', path, source, refused: false })),
])
const all = [...refusals, ...passes].map((each, index) => ({
  ...each,
  file: join(dirname(each.path), `case-${index}.ts`),
}))

/** biome.json with every exception taken out: no `!` pattern, no names let through. */
function withoutExceptions() {
  const strict = structuredClone(biomeJson)
  for (const override of strict.overrides)
    for (const pattern of override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []) {
      pattern.group = pattern.group.filter((each) => !each.startsWith('!'))
      delete pattern.importNamePattern
      delete pattern.invertImportNamePattern
    }
  return strict
}

const roots: string[] = []

/** The noRestrictedImports messages Biome gives each case's file, under `config`, in one run. */
function lint(config: unknown) {
  const root = mkdtempSync(join(tmpdir(), 'outpost-layers-'))
  roots.push(root)
  writeFileSync(join(root, 'biome.json'), JSON.stringify(config))
  for (const { file, source } of all) {
    mkdirSync(join(root, dirname(file)), { recursive: true })
    writeFileSync(join(root, file), `${source}\n`)
  }
  let output: string
  try {
    output = execFileSync(
      resolve('node_modules/.bin/biome'),
      ['lint', '--max-diagnostics=none', '--reporter=json', '.'],
      { cwd: root, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 },
    ).toString()
  } catch (error) {
    output = String((error as { stdout: Buffer }).stdout)
  }
  const report = JSON.parse(output) as {
    diagnostics: { category?: string; message: string; location?: { path?: string } }[]
  }
  const verdicts = new Map<string, string[]>()
  for (const { category, message, location } of report.diagnostics) {
    if (category !== 'lint/style/noRestrictedImports' || !location?.path) continue
    verdicts.set(location.path, [...(verdicts.get(location.path) ?? []), message])
  }
  return verdicts
}

let verdicts = new Map<string, string[]>()
/** The same, were no rule to make an exception: proves it is the exception that lets a case through. */
let strictVerdicts = new Map<string, string[]>()

beforeAll(() => {
  verdicts = lint(biomeJson)
  strictVerdicts = lint(withoutExceptions())
})

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const ruleNamed = (layer: string, rule: string) => {
  const override = overrides.find((each) => each.includes[0] === layer)
  return override?.options && rulesOf(override.options).find((each) => each.name === rule)
}

/** Overrides whose own rule refuses more than the folder's around them, and so may leave its rule out. */
const WIDER_RULE: Record<string, string> = {
  'server/db/*': 'refuses every import out of server/db but src/domain, more than server/** does',
  'server/db/tables/**': 'refuses every import out of server/db but src/domain, more than server/** does',
}

describe('layer rules', () => {
  it.each(all.filter((each) => each.refused))(
    '$layer, by $rule, refuses in $path: $source',
    ({ layer, rule, path, file }) => {
      expect(layerOf(path)?.includes[0], 'the override that rules this path').toBe(layer)
      const expected = ruleNamed(layer, rule)
      expect(expected, `biome.json has no rule ${rule} for ${layer}`).toBeTruthy()
      expect(verdicts.get(file) ?? []).toContain(expected?.message)
    },
  )

  it.each(all.filter((each) => !each.refused))(
    '$layer lets through $path: $source',
    ({ layer, rule, exception, path, file }) => {
      expect(layerOf(path)?.includes[0], 'the override that rules this path').toBe(layer)
      expect(verdicts.get(file) ?? []).toEqual([])
      // An exception's case is one its rule would refuse without it.
      if (exception) expect(strictVerdicts.get(file) ?? []).toContain(ruleNamed(layer, rule)?.message)
    },
  )

  it('has a refused case for every rule and every folder of every layer, and a passing one for every exception', () => {
    const missing: string[] = []
    for (const { includes, options } of overrides) {
      if (!options) continue
      const layer = includes[0] ?? ''
      for (const glob of includes)
        if (!refusals.some((each) => each.layer === layer && holds(glob, each.path)))
          missing.push(`${glob}: no refused case`)
      for (const rule of rulesOf(options)) {
        if (!refusals.some((each) => each.layer === layer && each.rule === rule.name))
          missing.push(`${layer}, ${rule.name}: no refused case`)
        for (const exception of rule.exceptions)
          if (
            !passes.some(
              (each) => each.layer === layer && each.rule === rule.name && each.exception === exception,
            )
          )
            missing.push(`${layer}, ${rule.name}, ${exception}: no passing case`)
      }
    }
    expect(missing).toEqual([])
  })

  it('keeps every rule of a folder in the override of a folder inside it, which replaces them', () => {
    // A Biome override replaces the rules of the ones before it: features/records' must repeat the
    // features' own, or a rule added only to the features would quietly not hold in the entity kit.
    const dropped: string[] = []
    for (const inner of overrides)
      for (const outer of overrides) {
        const [innerGlob = '', outerGlob = ''] = [inner.includes[0], outer.includes[0]]
        if (
          inner === outer ||
          !outerGlob.endsWith('/**') ||
          !holds(outerGlob, innerGlob.replace(/\*+$/, 'x')) ||
          innerGlob in WIDER_RULE
        )
          continue
        for (const [name, message] of Object.entries(outer.options?.paths ?? {}))
          if (inner.options?.paths?.[name] !== message)
            dropped.push(`${innerGlob} drops ${outerGlob}'s ${name}`)
        for (const pattern of outer.options?.patterns ?? [])
          if (!inner.options?.patterns?.some((each) => JSON.stringify(each) === JSON.stringify(pattern)))
            dropped.push(`${innerGlob} drops ${outerGlob}'s rule on ${pattern.group[0]}`)
      }
    expect(dropped).toEqual([])
  })
})
