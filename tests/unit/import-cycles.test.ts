/**
 * No import cycle in the product's code, type-only and dynamic imports included: a cycle is a layer
 * that leans on itself, and the next change makes it a real one (an import that runs before its module
 * is ready). Reads every relative import of src/, server/ and sw/ as text; a failure names each cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { expect, it } from 'vitest'

const ROOTS = ['src', 'server', 'sw']
const SKIPPED = new Set(['dist', 'migrations', 'node_modules'])
/** `import … from './x'`, `export … from './x'`, `import('./x')`, and `import './x'`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [normalize(path)] : []
  })
}

function importGraph(): Map<string, string[]> {
  const files = new Set(ROOTS.flatMap(sourceFiles))
  const resolve = (from: string, spec: string) => {
    const base = normalize(join(dirname(from), spec))
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) =>
      files.has(path),
    )
  }
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) =>
      resolve(file, match[1] as string),
    )
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== undefined))])
  }
  return graph
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (onStack.has(next))
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ])
  expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
})

it('reads type-only and dynamic imports as edges', () => {
  const graph = importGraph()
  // The app shell loads the confirm dialog's view lazily, and the db layer's files import types.
  expect(graph.get(normalize('src/ui/confirm-dialog.tsx'))).toContain(
    normalize('src/ui/confirm-dialog-view.tsx'),
  )
  expect(graph.get(normalize('src/db/record-writes.ts'))).toContain(normalize('src/db/database.ts'))
})

it('has no import cycle in src, server or sw', () => {
  expect(cycles(importGraph())).toEqual([])
})
