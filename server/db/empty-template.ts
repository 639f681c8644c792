/**
 * A first start on an empty data directory copies in an empty, migrated
 * database instead of running PGlite's initdb and every migration (8 s of CPU
 * on a busy machine, and ~400 MiB resident while initdb's own WebAssembly
 * instance runs beside PGlite's). `npm run build` makes it
 * (scripts/build-server.ts) under a key of what makes it: PGlite's version,
 * which decides the data directory's format, and the migrations. A start whose
 * key has none (a server run from source, a migration added since the build)
 * does what it always did: initdb, then migrate.
 *
 * A plain copy of the closed data directory, not PGlite's tarball
 * (`loadDataDir`): PGlite writes a tarball's 40 MB through its WebAssembly
 * file system, ~1 s of CPU; the operating system copies it in a few ms.
 */
import { createHash } from 'node:crypto'
import { constants, cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIGRATIONS_DIR } from './migrate'

/** server/dist, spelled so that it names the same folder from here and from the bundle (server/dist/main.js). */
export const TEMPLATE_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

/** What the dump depends on: PGlite's package.json and every migration file. */
export function templateKey(): string {
  const hash = createHash('sha256')
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(readFileSync(join(dirname(pglite), '..', 'package.json')))
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_DIR, file)
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path))
  }
  return hash.digest('hex').slice(0, 16)
}

export const TEMPLATE_PREFIX = 'empty-db-'
export const templatePath = (key = templateKey()) => join(TEMPLATE_DIR, `${TEMPLATE_PREFIX}${key}`)

/**
 * Copies the empty database into `dataDir` when that directory is empty and
 * the build left one for this code; answers whether it did. A directory
 * holding anything is left to PGlite as it is.
 */
export function startFromTemplate(dataDir: string): boolean {
  if (readdirSync(dataDir).length > 0) return false
  const template = templatePath()
  if (!existsSync(join(template, 'PG_VERSION'))) return false
  // A copy-on-write clone where the file system has them (btrfs, XFS, APFS); a plain copy elsewhere.
  cpSync(template, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE })
  return true
}
