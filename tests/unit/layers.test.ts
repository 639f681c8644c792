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
    ['src/sync/x.ts', "import { useRuntime } from '../app/runtime-context'"],
    ['src/sync/worker/x.ts', "import { readStoredUser } from '../../session/stored-user'"],
    ['src/sync/worker/x.ts', "import { startRuntime } from '../runtime'"],
    ['src/sync/worker/x.ts', "import { SyncScheduler } from '../scheduler'"],
    ['src/sync/worker/x.ts', "import { toast } from 'sonner'"],
    ['src/ui/x.ts', "import { isQuotaError } from '../db/quota'"],
    ['src/ui/x.ts', "import { useRuntime } from '../app/runtime-context'"],
    ['src/ui/x.ts', "import { SyncEngine } from '../sync/engine'"],
    ['src/ui/x.ts', "import { Link } from '@tanstack/react-router'"],
    ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues/record-issues'"],
    ['src/features/contacts/x.ts', "import { useStaff } from '../staff/use-staff'"],
    ['src/features/contacts/x.ts', "import { tally } from '../dashboard/figures/tally'"],
    ['src/features/contacts/x.ts', "import { requireUser } from '../../app/guards'"],
    ['src/features/contacts/x.ts', "import { fetchTransport } from '../../transport/http'"],
    ['src/features/contacts/x.ts', "import { ofetch } from 'ofetch'"],
    ['src/features/profile/x.ts', "import { updateRecord } from '../../db/record-writes'"],
    ['src/features/profile/x.ts', "import * as writes from '../../db/record-writes'"],
    ['src/features/profile/x.ts', "import { attachImage } from '../../db/image-writes'"],
    ['src/features/profile/x.ts', "import { storeAccount } from '../../sync/pull-account'"],
    ['src/features/sync-issues/x.ts', "import { type Choice, resolveConflict } from '../../sync/resolve'"],
    ['src/features/contacts/x.ts', "import { SyncEngine } from '../../sync/engine'"],
    ['src/features/dashboard/figures/x.ts', "import { pull } from '../../../sync/pull'"],
    ['server/x.ts', "import { OutpostDb } from '../src/db/database'"],
    ['server/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
    ['server/collections/x.ts', "import { notFound } from '../http/errors'"],
    ['server/users/x.ts', "import { validationError } from '../http/errors'"],
    ['server/auth/x.ts', "import { isAdmin } from '../http/access'"],
    ['server/images/x.ts', "import { tooLarge } from '../http/errors'"],
    ['server/db/x.ts', "import { serverCollections } from '../collections/registry'"],
    ['server/db/tables/x.ts', "import { readConfig } from '../../config'"],
    ['server/collections/x.ts', "import { OutpostDb } from '../../src/db/database'"],
    ['sw/x.ts', "import { OutpostDb } from '../src/db/database'"],
    ['sw/x.ts', "import { SyncEngine } from '../src/sync/engine'"],
  ])('%s may not: %s', (path, source) => {
    expect(restricted(path, source)).toBe(true)
  })

  it.each([
    ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues'"],
    ['src/features/contacts/x.ts', "import { useRuntime } from '../../app/runtime-context'"],
    ['src/features/records/x.ts', "import { opsFor } from '../../db/record-writes'"],
    ['src/features/staff/x.ts', "import { OnlineCallError } from '../../sync/online-call'"],
    ['src/features/staff/x.ts', "import { STAFF_OFFLINE_TEXT } from '../../sync/user-calls'"],
    ['src/features/records/x.ts', "import { TRASH_OFFLINE_TEXT } from '../../sync/trash-calls'"],
    ['src/features/records/x.ts', "import type { SyncRuntime } from '../../sync/runtime'"],
    ['src/features/contacts/x.ts', "import { useRecord } from '../records/record-hooks'"],
    ['src/features/dashboard/figures/x.ts', "import { mirrorOf } from '../../../db/tables'"],
    [
      'src/features/sync-issues/x.ts',
      "import { type Choice, conflictDiff, syncIssues } from '../../sync/resolve'",
    ],
    ['src/sync/x.ts', "import { getDoc } from '../transport/calls'"],
    ['src/sync/worker/x.ts', "import { SyncEngine } from '../engine'"],
    ['src/ui/x.ts', "import { messages } from '../domain/errors'"],
    ['server/x.ts', "import { collections } from '../src/domain/collections'"],
    ['server/collections/x.ts', "import { notFound } from '../refusals'"],
    ['server/db/x.ts', "import { messages } from '../../src/domain/errors'"],
    ['server/db/tables/x.ts', "import { docColumns } from '../columns'"],
    ['server/collections/x.ts', "import { nulFields } from '../db/nul'"],
    ['sw/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
  ])('%s may: %s', (path, source) => {
    expect(restricted(path, source)).toBe(false)
  })
})
