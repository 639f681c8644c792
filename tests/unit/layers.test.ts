/**
 * The layer rules are the linter's (biome.json), so the build, not a
 * reviewer, keeps them. This proves each rule still fires: a file of each
 * layer that reaches where it must not is refused, and the allowed way passes.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const biome = resolve('node_modules/.bin/biome')

/** Biome's verdict on `source` as the file at `path`, linted with this repository's biome.json. */
function restricted(path: string, source: string): boolean {
  const root = mkdtempSync(join(tmpdir(), 'outpost-layers-'))
  try {
    copyFileSync('biome.json', join(root, 'biome.json'))
    mkdirSync(join(root, dirname(path)), { recursive: true })
    writeFileSync(join(root, path), `${source}\n`)
    let output: string
    try {
      output = execFileSync(biome, ['lint', '--max-diagnostics=50', path], {
        cwd: root,
        stdio: 'pipe',
      }).toString()
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer }
      output = `${stdout}${stderr}`
    }
    return output.includes('noRestrictedImports')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

describe('layer rules', () => {
  it.each([
    ['src/domain/x.ts', "import Dexie from 'dexie'"],
    ['src/domain/x.ts', "import { db } from '../db/database'"],
    ['src/db/x.ts', "import { getDoc } from '../transport/calls'"],
    ['src/db/x.ts', "import { SyncEngine } from '../sync/engine'"],
    ['src/transport/x.ts', "import { OutpostDb } from '../db/database'"],
    ['src/sync/x.ts', "import { toast } from 'sonner'"],
    ['src/sync/x.ts', "import { useRuntime } from '../features/records/runtime-context'"],
    ['src/sync/worker/x.ts', "import { readStoredUser } from '../../session/stored-user'"],
    ['src/sync/worker/x.ts', "import { startRuntime } from '../runtime'"],
    ['src/sync/worker/x.ts', "import { SyncScheduler } from '../scheduler'"],
    ['src/sync/worker/x.ts', "import { toast } from 'sonner'"],
    ['src/ui/x.ts', "import { isQuotaError } from '../db/quota'"],
    ['src/ui/x.ts', "import { removeRecord } from '../features/records/record-actions'"],
    ['src/ui/x.ts', "import { SyncEngine } from '../sync/engine'"],
    ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues/record-issues'"],
    ['src/features/contacts/x.ts', "import { requireUser } from '../../app/guards'"],
    ['src/features/contacts/x.ts', "import { fetchTransport } from '../../transport/http'"],
    ['src/features/contacts/x.ts', "import { ofetch } from 'ofetch'"],
    ['server/x.ts', "import { OutpostDb } from '../src/db/database'"],
    ['server/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
    ['sw/x.ts', "import { OutpostDb } from '../src/db/database'"],
    ['sw/x.ts', "import { SyncEngine } from '../src/sync/engine'"],
  ])('%s may not: %s', (path, source) => {
    expect(restricted(path, source)).toBe(true)
  })

  it.each([
    ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues'"],
    ['src/features/contacts/x.ts', "import { removeRecord } from '../records/record-actions'"],
    ['src/sync/x.ts', "import { getDoc } from '../transport/calls'"],
    ['src/sync/worker/x.ts', "import { SyncEngine } from '../engine'"],
    ['src/ui/x.ts', "import { messages } from '../domain/errors'"],
    ['server/x.ts', "import { collections } from '../src/domain/collections'"],
    ['sw/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
  ])('%s may: %s', (path, source) => {
    expect(restricted(path, source)).toBe(false)
  })
})
