/**
 * The layer test's cases for the server and the service worker (layers.test.ts): the same shape as the
 * app's (layer-cases.ts), kept apart so that each file stays readable.
 */
import type { LayerCases } from './layer-case'

export const serverLayers: Record<string, LayerCases> = {
  'server/**': {
    refuses: {
      '**/src/**': [
        ['server/x.ts', "import { OutpostDb } from '../src/db/database'"],
        ['server/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
        ['server/routes/x.ts', "import { SyncEngine } from '../../src/sync/engine'"],
      ],
    },
    excepts: {
      '**/src/**': {
        '!**/src/domain/**': [['server/x.ts', "import { collections } from '../src/domain/collections'"]],
      },
    },
  },
  'server/db/*': {
    refuses: {
      '../**': [
        ['server/db/x.ts', "import { serverCollections } from '../collections/registry'"],
        ['server/db/x.ts', "import { notFound } from '../http/errors'"],
        ['server/db/x.ts', "import { readConfig } from '../config'"],
        ['server/db/x.ts', "import { OutpostDb } from '../../src/db/database'"],
      ],
    },
    excepts: {
      '../**': {
        '!../../src/domain/**': [['server/db/x.ts', "import { messages } from '../../src/domain/errors'"]],
      },
    },
    allows: [['server/db/x.ts', "import { docColumns } from './columns'"]],
  },
  'server/db/tables/**': {
    refuses: {
      '../../**': [['server/db/tables/x.ts', "import { readConfig } from '../../config'"]],
    },
    excepts: {
      '../../**': {
        '!../../../src/domain/**': [
          ['server/db/tables/x.ts', "import { collections } from '../../../src/domain/collections'"],
        ],
      },
    },
    allows: [['server/db/tables/x.ts', "import { docColumns } from '../columns'"]],
  },
  'server/collections/**': {
    refuses: {
      '**/src/**': [
        ['server/collections/x.ts', "import { OutpostDb } from '../../src/db/database'"],
        ['server/realtime/x.ts', "import { SyncEngine } from '../../src/sync/engine'"],
      ],
      '**/http/**': [
        ['server/collections/x.ts', "import { notFound } from '../http/errors'"],
        ['server/users/x.ts', "import { validationError } from '../http/errors'"],
        ['server/auth/x.ts', "import { isAdmin } from '../http/access'"],
        ['server/images/x.ts', "import { tooLarge } from '../http/errors'"],
        ['server/realtime/x.ts', "import { sessionCookie } from '../http/session-cookie'"],
        ['server/realtime/x.ts', "import { presenceRoutes } from '../routes/presence'"],
      ],
    },
    excepts: {
      '**/src/**': {
        '!**/src/domain/**': [
          ['server/collections/x.ts', "import { messages } from '../../src/domain/errors'"],
        ],
      },
    },
    allows: [
      ['server/collections/x.ts', "import { notFound } from '../refusals'"],
      ['server/collections/x.ts', "import { nulFields } from '../db/nul'"],
      ['server/realtime/x.ts', "import { readSession } from '../auth/sessions'"],
    ],
  },
  'server/http/**': {
    refuses: {
      '**/src/**': [['server/http/x.ts', "import { push } from '../../src/sync/push'"]],
      '**/routes/**': [
        ['server/http/x.ts', "import { collectionRoutes } from '../routes/collection'"],
        ['server/http/x.ts', "import { buildApp } from '../app'"],
        ['server/http/x.ts', "import { main } from '../main'"],
      ],
    },
    excepts: {
      '**/src/**': {
        '!**/src/domain/**': [['server/http/x.ts', "import { messages } from '../../src/domain/errors'"]],
      },
    },
    allows: [
      ['server/http/x.ts', "import { readSession } from '../auth/sessions'"],
      ['server/http/x.ts', "import { withWriteLock } from '../db/write'"],
      ['server/http/x.ts', "import { notFound } from '../refusals'"],
    ],
  },
  'sw/**': {
    refuses: {
      '**/src/**': [
        ['sw/x.ts', "import { OutpostDb } from '../src/db/database'"],
        ['sw/x.ts', "import { SyncEngine } from '../src/sync/engine'"],
      ],
    },
    excepts: {
      '**/src/**': {
        '!**/src/domain/**': [['sw/x.ts', "import { collections } from '../src/domain/collections'"]],
        '!**/src/sync/background-sync': [
          ['sw/x.ts', "import { replayInBackground } from '../src/sync/background-sync'"],
        ],
      },
    },
  },
}
