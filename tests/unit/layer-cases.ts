/**
 * The cases of the layer test (layers.test.ts), by layer: for each rule of biome.json the files of
 * that layer it must refuse, for each exception the files it lets through, and files no rule is about.
 * Adding a rule to biome.json means adding its cases here (the server's and the service worker's in
 * server-layer-cases.ts); the test fails until then.
 */
import { type LayerCases, NAMES } from './layer-case'
import { serverLayers } from './server-layer-cases'

/** The cases, by the first glob of the override that holds the layer's rules. */
export const layers: Record<string, LayerCases> = {
  ...serverLayers,
  'src/domain/**': {
    refuses: {
      '**': [
        ['src/domain/x.ts', "import { eq } from 'drizzle-orm'"],
        ['src/domain/x.ts', "import { Link } from '@tanstack/react-router'"],
        ['src/domain/x.ts', "import { useState } from 'react'"],
        ['src/domain/x.ts', "import Dexie from 'dexie'"],
        ['src/domain/x.ts', "import { readFileSync } from 'node:fs'"],
        ['src/domain/x.ts', "import { db } from '../db/database'"],
        ['src/domain/x.ts', "import { docColumns } from '../../server/db/columns'"],
      ],
      '**/..': [
        ['src/domain/x.ts', "import { db } from './../db/database'"],
        ['src/domain/x.ts', "import { db } from './..'"],
      ],
    },
    excepts: {
      '**': {
        '!valibot': [['src/domain/x.ts', "import * as v from 'valibot'"]],
        '!./**': [['src/domain/x.ts', "import { messages } from './errors'"]],
      },
    },
  },
  'src/db/**': {
    refuses: {
      react: [['src/db/x.ts', "import { useState } from 'react'"]],
      'react-dom': [['src/db/x.ts', "import { createPortal } from 'react-dom'"]],
      sonner: [['src/db/x.ts', "import { toast } from 'sonner'"]],
      ofetch: [['src/db/x.ts', "import { ofetch } from 'ofetch'"]],
      qs: [['src/db/x.ts', "import qs from 'qs'"]],
      '**/transport/**': [
        ['src/db/x.ts', "import { getDoc } from '../transport/calls'"],
        ['src/db/x.ts', "import { SyncEngine } from '../sync/engine'"],
        ['src/db/x.ts', "import { readStoredUser } from '../session/stored-user'"],
      ],
      '**/app/**': [
        ['src/db/x.ts', "import { useRuntime } from '../app/runtime-context'"],
        ['src/db/x.ts', "import { useRecord } from '../features/records/record-hooks'"],
        ['src/db/x.ts', "import { Banner } from '../ui/banner'"],
      ],
    },
    allows: [['src/db/x.ts', "import { collections } from '../domain/collections'"]],
  },
  'src/transport/**': {
    refuses: {
      react: [['src/transport/x.ts', "import { useState } from 'react'"]],
      'react-dom': [['src/transport/x.ts', "import { createPortal } from 'react-dom'"]],
      sonner: [['src/transport/x.ts', "import { toast } from 'sonner'"]],
      dexie: [['src/transport/x.ts', "import Dexie from 'dexie'"]],
      'dexie-react-hooks': [['src/transport/x.ts', "import { useLiveQuery } from 'dexie-react-hooks'"]],
      '**/db/**': [
        ['src/transport/x.ts', "import { OutpostDb } from '../db/database'"],
        ['src/transport/x.ts', "import { SyncEngine } from '../sync/engine'"],
        ['src/transport/x.ts', "import { signOut } from '../session/sign-in'"],
      ],
      '**/app/**': [
        ['src/transport/x.ts', "import { notify } from '../app/notify'"],
        ['src/transport/x.ts', "import { useStaff } from '../features/staff'"],
        ['src/transport/x.ts', "import { Banner } from '../ui/banner'"],
      ],
    },
    allows: [['src/transport/x.ts', "import { ofetch } from 'ofetch'"]],
  },
  'src/session/**': {
    refuses: {
      react: [['src/session/x.ts', "import { useState } from 'react'"]],
      'react-dom': [['src/session/x.ts', "import { createPortal } from 'react-dom'"]],
      sonner: [['src/session/x.ts', "import { toast } from 'sonner'"]],
      dexie: [['src/session/x.ts', "import Dexie from 'dexie'"]],
      'dexie-react-hooks': [['src/session/x.ts', "import { useLiveQuery } from 'dexie-react-hooks'"]],
      '**/db/**': [
        ['src/session/x.ts', "import { OutpostDb } from '../db/database'"],
        ['src/session/x.ts', "import { startRuntime } from '../sync/runtime'"],
      ],
      '**/app/**': [
        ['src/session/x.ts', "import { requireUser } from '../app/guards'"],
        ['src/session/x.ts', "import { LockScreen } from '../features/lock'"],
        ['src/session/x.ts', "import { Avatar } from '../ui/avatar'"],
      ],
    },
    allows: [['src/session/x.ts', "import { fetchTransport } from '../transport/http'"]],
  },
  'src/sync/**': {
    refuses: {
      react: [['src/sync/x.ts', "import { useState } from 'react'"]],
      'react-dom': [['src/sync/x.ts', "import { createPortal } from 'react-dom'"]],
      sonner: [['src/sync/x.ts', "import { toast } from 'sonner'"]],
      '**/app/**': [
        ['src/sync/x.ts', "import { useRuntime } from '../app/runtime-context'"],
        ['src/sync/x.ts', "import { useRecord } from '../features/records/record-hooks'"],
        ['src/sync/x.ts', "import { Banner } from '../ui/banner'"],
      ],
    },
    allows: [
      ['src/sync/x.ts', "import { getDoc } from '../transport/calls'"],
      ['src/sync/x.ts', "import { readStoredUser } from '../session/stored-user'"],
    ],
  },
  'src/sync/worker/**': {
    refuses: {
      react: [['src/sync/worker/x.ts', "import { useState } from 'react'"]],
      'react-dom': [['src/sync/worker/x.ts', "import { createPortal } from 'react-dom'"]],
      sonner: [['src/sync/worker/x.ts', "import { toast } from 'sonner'"]],
      '**/app/**': [
        ['src/sync/worker/x.ts', "import { notify } from '../../app/notify'"],
        ['src/sync/worker/x.ts', "import { useStaff } from '../../features/staff'"],
        ['src/sync/worker/x.ts', "import { Banner } from '../../ui/banner'"],
      ],
      '**/session/**': [
        ['src/sync/worker/x.ts', "import { readStoredUser } from '../../session/stored-user'"],
        ['src/sync/worker/x.ts', "import { startRuntime } from '../runtime'"],
        ['src/sync/worker/x.ts', "import { SyncScheduler } from '../scheduler'"],
      ],
    },
    allows: [['src/sync/worker/x.ts', "import { SyncEngine } from '../engine'"]],
  },
  'src/ui/**': {
    refuses: {
      '@tanstack/react-router': [['src/ui/x.ts', "import { Link } from '@tanstack/react-router'"]],
      ofetch: [['src/ui/x.ts', "import { ofetch } from 'ofetch'"]],
      qs: [['src/ui/x.ts', "import qs from 'qs'"]],
      dexie: [['src/ui/x.ts', "import Dexie from 'dexie'"]],
      'dexie-react-hooks': [['src/ui/x.ts', "import { useLiveQuery } from 'dexie-react-hooks'"]],
      '**/app/**': [
        ['src/ui/x.ts', "import { useRuntime } from '../app/runtime-context'"],
        ['src/ui/x.ts', "import { useRecord } from '../features/records/record-hooks'"],
        ['src/ui/x.ts', "import { SyncEngine } from '../sync/engine'"],
        ['src/ui/x.ts', "import { isQuotaError } from '../db/quota'"],
        ['src/ui/x.ts', "import { getDoc } from '../transport/calls'"],
        ['src/ui/x.ts', "import { readStoredUser } from '../session/stored-user'"],
      ],
    },
    allows: [['src/ui/x.ts', "import { messages } from '../domain/errors'"]],
  },
  'src/features/**': {
    refuses: {
      ofetch: [['src/features/contacts/x.ts', "import { ofetch } from 'ofetch'"]],
      qs: [['src/features/contacts/x.ts', "import qs from 'qs'"]],
      '**/transport/**': [
        ['src/features/contacts/x.ts', "import { fetchTransport } from '../../transport/http'"],
      ],
      '**/app/**': [['src/features/contacts/x.ts', "import { requireUser } from '../../app/guards'"]],
      '**/db/*-writes*': [
        ['src/features/profile/x.ts', "import { updateRecord } from '../../db/record-writes'"],
        ['src/features/profile/x.ts', "import * as writes from '../../db/record-writes'"],
        ['src/features/profile/x.ts', "import { attachImage } from '../../db/image-writes'"],
        // A writes module added tomorrow is refused too: the rule is a pattern of names, not a list.
        ['src/features/contacts/x.ts', "import { mergeContacts } from '../../db/contact-writes'"],
        ['src/features/contacts/x.ts', "import { keepDraft } from '../../db/drafts'"],
        ['src/features/staff/x.ts', "import { keepHistory } from '../../db/histories'"],
        ['src/features/settings/x.ts', "import { ensureMirrorToken } from '../../db/eviction'"],
        ['src/features/settings/x.ts', "import { writeMeta } from '../../db/meta'"],
        ['src/features/dashboard/figures/x.ts', "import { writePacks } from '../../../db/packs'"],
        [
          'src/features/sync-issues/x.ts',
          "import { type Choice, resolveConflict } from '../../sync/resolve'",
        ],
      ],
      '**/sync/**': [
        ['src/features/contacts/x.ts', "import { SyncEngine } from '../../sync/engine'"],
        ['src/features/profile/x.ts', "import { storeAccount } from '../../sync/pull-account'"],
        ['src/features/contacts/x.ts', "import { push } from '../../sync/push'"],
        ['src/features/dashboard/figures/x.ts', "import { pull } from '../../../sync/pull'"],
        ['src/features/settings/x.ts', "import { requestBackgroundSync } from '../../sync/background-sync'"],
      ],
      '**/../*/**': [
        ['src/features/contacts/x.ts', "import { useStaff } from '../staff/use-staff'"],
        ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues/record-issues'"],
        ['src/features/contacts/x.ts', "import { tally } from '../dashboard/figures/tally'"],
        ['src/features/dashboard/figures/x.ts', "import { useStaff } from '../../staff/use-staff'"],
        ['src/features/contacts/x.ts', "import { useStaff } from '../../features/staff/use-staff'"],
      ],
    },
    excepts: {
      '**/app/**': {
        '!**/app/runtime-context': [
          ['src/features/contacts/x.ts', "import { useRuntime } from '../../app/runtime-context'"],
        ],
      },
      '**/db/*-writes*': {
        [NAMES]: [
          ['src/features/contacts/x.ts', "import { opsFor } from '../../db/record-writes'"],
          ['src/features/settings/x.ts', "import { judgeMirror, mirrorToken } from '../../db/eviction'"],
          ['src/features/sync-status/x.ts', "import { META, readMeta } from '../../db/meta'"],
          ['src/features/dashboard/figures/x.ts', "import { readWholeTable } from '../../../db/packs'"],
          [
            'src/features/sync-issues/x.ts',
            "import { type Choice, changedSinceDelete, conflictDiff, syncIssues } from '../../sync/resolve'",
          ],
        ],
      },
      '**/sync/**': {
        '!**/sync/*-calls': [
          ['src/features/staff/x.ts', "import { STAFF_OFFLINE_TEXT } from '../../sync/user-calls'"],
        ],
        '!**/sync/mutators': [
          ['src/features/contacts/x.ts', "import type { Mutators } from '../../sync/mutators'"],
        ],
        '!**/sync/online-call': [
          ['src/features/staff/x.ts', "import { OnlineCallError } from '../../sync/online-call'"],
        ],
        '!**/sync/resolve': [
          ['src/features/sync-issues/x.ts', "import type { Choice } from '../../sync/resolve'"],
        ],
        '!**/sync/runtime': [
          ['src/features/settings/x.ts', "import type { SyncRuntime } from '../../sync/runtime'"],
        ],
        '!**/sync/status': [
          ['src/features/sync-status/x.ts', "import type { SyncState } from '../../sync/status'"],
        ],
        '!**/sync/unsynced': [
          ['src/features/lock/x.ts', "import { unsyncedChanges } from '../../sync/unsynced'"],
        ],
      },
      '**/../*/**': {
        '!**/../*': [['src/features/dashboard/figures/x.ts', "import { SyncChip } from '../../sync-status'"]],
        '!**/../*/index': [
          ['src/features/contacts/x.ts', "import { useStaff } from '../staff/index'"],
          ['src/features/dashboard/figures/x.ts', "import { useStaff } from '../../staff/index'"],
        ],
        '!**/../records/**': [
          ['src/features/contacts/x.ts', "import { useRecord } from '../records/record-hooks'"],
          ['src/features/dashboard/figures/x.ts', "import { screens } from '../../records/screens'"],
        ],
        '!**/../app/**': [
          [
            'src/features/dashboard/figures/x.ts',
            "import { useRuntime } from '../../../app/runtime-context'",
          ],
        ],
        '!**/../db/**': [
          ['src/features/contacts/x.ts', "import { mirrorOf } from '../../db/tables'"],
          ['src/features/dashboard/figures/x.ts', "import { mirrorOf } from '../../../db/tables'"],
        ],
        '!**/../domain/**': [
          ['src/features/contacts/x.ts', "import { collections } from '../../domain/collections'"],
        ],
        '!**/../session/**': [
          ['src/features/contacts/x.ts', "import type { SessionUser } from '../../session/stored-user'"],
        ],
        '!**/../sync/**': [
          ['src/features/contacts/x.ts', "import { failureText } from '../../sync/online-call'"],
        ],
        '!**/../ui/**': [['src/features/contacts/x.ts', "import { Banner } from '../../ui/banner'"]],
      },
    },
    allows: [
      ['src/features/contacts/x.ts', "import { RecordIssues } from '../sync-issues'"],
      ['src/features/dashboard/figures/x.ts', "import { OverviewPage } from '../overview-page'"],
    ],
  },
  // The entity kit: the features' rules again (an override's options replace the ones before, they do
  // not add to them), and its own, last.
  'src/features/records/**': {
    refuses: {
      ofetch: [['src/features/records/x.ts', "import { ofetch } from 'ofetch'"]],
      qs: [['src/features/records/x.ts', "import qs from 'qs'"]],
      '**/transport/**': [['src/features/records/x.ts', "import { getDoc } from '../../transport/calls'"]],
      '**/app/**': [['src/features/records/x.ts', "import { notify } from '../../app/notify'"]],
      '**/db/*-writes*': [
        ['src/features/records/x.ts', "import { updateRecord } from '../../db/record-writes'"],
        ['src/features/records/x.ts', "import { keepDraft } from '../../db/drafts'"],
        ['src/features/records/x.ts', "import { keepHistory } from '../../db/histories'"],
      ],
      '**/sync/**': [['src/features/records/x.ts', "import { push } from '../../sync/push'"]],
      '**/../*/**': [
        ['src/features/records/x.ts', "import { useStaff } from '../../features/staff/use-staff'"],
      ],
      '**/../*': [
        ['src/features/records/x.ts', "import { RecordIssuesPanel } from '../sync-issues'"],
        ['src/features/records/x.ts', "import { useStaff } from '../staff/index'"],
        ['src/features/records/x.ts', "import { useStaff } from '../staff/use-staff'"],
        ['src/features/records/x.ts', "import { SyncChip } from './../sync-status'"],
      ],
    },
    excepts: {
      '**/app/**': {
        '!**/app/runtime-context': [
          ['src/features/records/x.ts', "import { useRuntime } from '../../app/runtime-context'"],
        ],
      },
      '**/db/*-writes*': {
        [NAMES]: [
          ['src/features/records/x.ts', "import { opsFor } from '../../db/record-writes'"],
          ['src/features/records/x.ts', "import { readDraft } from '../../db/drafts'"],
          [
            'src/features/records/x.ts',
            "import { historyKey, readHistory, type StoredHistory } from '../../db/histories'",
          ],
        ],
      },
      '**/sync/**': {
        '!**/sync/*-calls': [
          ['src/features/records/x.ts', "import { TRASH_OFFLINE_TEXT } from '../../sync/trash-calls'"],
        ],
        '!**/sync/mutators': [
          ['src/features/records/x.ts', "import type { Mutators } from '../../sync/mutators'"],
        ],
        '!**/sync/online-call': [
          ['src/features/records/x.ts', "import { failureText } from '../../sync/online-call'"],
        ],
        '!**/sync/resolve': [
          ['src/features/records/x.ts', "import type { Choice } from '../../sync/resolve'"],
        ],
        '!**/sync/runtime': [
          ['src/features/records/x.ts', "import type { SyncRuntime } from '../../sync/runtime'"],
        ],
        '!**/sync/status': [
          ['src/features/records/x.ts', "import type { SyncState } from '../../sync/status'"],
        ],
        '!**/sync/unsynced': [
          ['src/features/records/x.ts', "import { unsyncedChanges } from '../../sync/unsynced'"],
        ],
      },
      // What the features' rule lets through of another feature (its index), the kit's own refuses; what
      // is left of those two exceptions here is a file of src and the kit's own index.
      '**/../*/**': {
        '!**/../*': [['src/features/records/x.ts', "import '../../index.css'"]],
        '!**/../*/index': [['src/features/records/x.ts', "import { screens } from '../records/index'"]],
        '!**/../records/**': [
          ['src/features/records/x.ts', "import { useRecord } from '../records/record-hooks'"],
        ],
        '!**/../app/**': [
          ['src/features/records/x.ts', "import { useRuntime } from '../../app/runtime-context'"],
        ],
        '!**/../db/**': [['src/features/records/x.ts', "import { mirrorOf } from '../../db/tables'"]],
        '!**/../domain/**': [
          ['src/features/records/x.ts', "import { collections } from '../../domain/collections'"],
        ],
        '!**/../session/**': [
          ['src/features/records/x.ts', "import type { SessionUser } from '../../session/stored-user'"],
        ],
        '!**/../sync/**': [
          ['src/features/records/x.ts', "import { failureText } from '../../sync/online-call'"],
        ],
        '!**/../ui/**': [['src/features/records/x.ts', "import { Banner } from '../../ui/banner'"]],
      },
      '**/../*': {
        '!**/../../**': [['src/features/records/x.ts', "import { Banner } from '../../ui/banner'"]],
        '!**/../records/**': [
          ['src/features/records/x.ts', "import { useRecord } from '../records/record-hooks'"],
        ],
      },
    },
    allows: [['src/features/records/x.ts', "import { screens } from './screens'"]],
  },
  'src/app/**': {
    refuses: {
      ofetch: [['src/app/x.ts', "import { ofetch } from 'ofetch'"]],
      qs: [['src/app/x.ts', "import qs from 'qs'"]],
      '**/transport/**': [['src/app/x.ts', "import { fetchTransport } from '../transport/http'"]],
      '**/db/*-writes*': [
        ['src/app/x.ts', "import { opsFor } from '../db/record-writes'"],
        ['src/app/layout/x.ts', "import { mergeContacts } from '../../db/contact-writes'"],
        ['src/app/x.ts', "import { ensureMirrorToken } from '../db/eviction'"],
        ['src/app/x.ts', "import { keepDraft } from '../db/drafts'"],
        ['src/app/x.ts', "import { keepHistory } from '../db/histories'"],
        ['src/app/x.ts', "import { writeMeta } from '../db/meta'"],
        ['src/app/x.ts', "import { writePacks } from '../db/packs'"],
      ],
      '**/sync/**': [
        ['src/app/x.ts', "import { SyncEngine } from '../sync/engine'"],
        ['src/app/x.ts', "import { resolveConflict } from '../sync/resolve'"],
        ['src/app/layout/x.ts', "import { mutators } from '../../sync/mutators'"],
      ],
    },
    excepts: {
      '**/sync/**': {
        '!**/sync/context': [['src/app/x.ts', "import type { NoticeLevel } from '../sync/context'"]],
        '!**/sync/runtime': [['src/app/layout/x.ts', "import { startRuntime } from '../../sync/runtime'"]],
      },
    },
    allows: [['src/app/x.ts', "import { LoginPage } from '../features/auth/login-page'"]],
  },
}
