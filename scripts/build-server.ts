/**
 * Bundles the server into one plain JavaScript file, server/dist/main.js, run
 * by `npm start`, and makes the empty database a first start copies (below).
 *
 * Under tsx every start transpiled ~85 TypeScript files (server/ and
 * src/domain/) and kept their source maps in memory; and Node resolved and
 * read ~300 files of Fastify, Drizzle and their dependencies one by one.
 * Measured at 100,000 contacts on a busy machine, in CPU used until the
 * first answer: tsx cost ~0.9 s more than our code bundled, and bundling the
 * packages too saved ~0.5 s more; the process is ~50 MiB smaller.
 *
 * Left outside: PGlite, which finds its WebAssembly and data files beside its
 * own modules; sharp, a native module (loaded at the first upload); and
 * pg-native, pg's optional native binding.
 *
 *   node --import tsx scripts/build-server.ts
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { build } from 'esbuild'
import { TEMPLATE_DIR, TEMPLATE_PREFIX, templateKey, templatePath } from '../server/db/empty-template'
import { migrate } from '../server/db/migrate'
import { openDb } from '../server/db/open'

const SERVER_BUNDLE = 'server/dist/main.js'

await build({
  entryPoints: ['server/main.ts'],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', 'sharp', 'pg-native'],
  // The CommonJS packages in the bundle call require() for Node's own modules; an ES module has none.
  // (esbuild does not read the banner: its names must not be ones the bundle declares at its top.)
  banner: {
    js: "import { createRequire as __bannerRequire } from 'node:module'; const require = __bannerRequire(import.meta.url);",
  },
  // For `node --enable-source-maps` when a stack needs the TypeScript lines; not loaded otherwise.
  sourcemap: 'linked',
  logLevel: 'warning',
})

/**
 * The empty, migrated database a first start copies instead of running initdb
 * (server/db/empty-template.ts). Made only when its key changed (a migration
 * or a PGlite upgrade): initdb costs seconds, and most builds change neither.
 */
async function writeEmptyTemplate() {
  const key = templateKey()
  const done = templatePath(key)
  if (existsSync(join(done, 'PG_VERSION'))) return
  // Made beside, then renamed: a server starting meanwhile never copies half a database.
  const making = `${done}.${process.pid}.partial`
  rmSync(making, { recursive: true, force: true })
  mkdirSync(making, { recursive: true })
  const handle = await openDb({ dataDir: making })
  try {
    await migrate(handle)
  } finally {
    await handle.close()
  }
  rmSync(done, { recursive: true, force: true })
  renameSync(making, done)
  for (const old of readdirSync(TEMPLATE_DIR))
    if (old.startsWith(TEMPLATE_PREFIX) && old !== basename(done))
      rmSync(join(TEMPLATE_DIR, old), { recursive: true, force: true })
}

await writeEmptyTemplate()
