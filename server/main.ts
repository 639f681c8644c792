/**
 * The server process. `npm start` runs it bundled (server/dist/main.js, built
 * by scripts/build-server.ts); `npm run dev:server` runs this file under tsx.
 *
 * Environment: PORT (3000), HOST (127.0.0.1), DATA_DIR (./data; PGlite in
 * DATA_DIR/pglite; uploaded images are stored in the database), DATABASE_URL
 * (postgres://… uses PostgreSQL instead of PGlite), ADMIN_EMAIL /
 * ADMIN_PASSWORD (first start only), SEED_SAMPLE (on; 0 skips the sample
 * contacts), STATIC_DIR (./dist, the built PWA), SESSION_IDLE_DAYS (14),
 * TOMBSTONE_DAYS (90), TRUST_PROXY (0 proxy hops), PUBLIC_URL (unset), LOG_LEVEL (info),
 * UPLOAD_MAX_BYTES (5 MB), REGISTRATION (closed; `open` enables POST /api/register).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { hostname, networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { bootstrap } from './bootstrap'
import { readConfig } from './config'
import { startFromTemplate } from './db/empty-template'
import { migrate, oneStartAtATime } from './db/migrate'
import { openDb } from './db/open'
import { withoutBudget } from './db/query-budget'
import { baselineWasmOnly } from './db/wasm-tier'
import { runMaintenance } from './maintenance'
import { type MaintenanceSchedule, scheduleMaintenance } from './maintenance-schedule'

/**
 * The names a browser may use for this server besides loopback ones (which
 * are always allowed): the listening address, or every address of the
 * machine when listening on all of them. PUBLIC_URL adds its own host.
 */
function hostNamesOf(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host.includes(':') ? `[${host}]` : host]
  const addresses = Object.values(networkInterfaces())
    .flat()
    .map((entry) => (entry?.family === 'IPv6' ? `[${entry.address}]` : entry?.address))
  const name = hostname()
  return [...addresses.filter((a): a is string => a !== undefined), name, `${name}.local`]
}

async function main() {
  const config = readConfig()
  let pgliteDir: string | undefined
  if (!config.databaseUrl) {
    pgliteDir = join(config.dataDir, 'pglite')
    mkdirSync(pgliteDir, { recursive: true })
    startFromTemplate(pgliteDir)
    baselineWasmOnly()
  }
  // The HTTP server's modules load while the database opens: PGlite's WebAssembly compiles off the main thread.
  const appModule = import('./app')
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir,
    queryBudgetMs: config.queryTimeoutMs,
  })
  await oneStartAtATime(handle, async () => {
    await migrate(handle)
    // Rows without their search texts (from before migration 0015): made here, by the devices' own code.
    const { fillSearchTexts } = await import('./collections/search-texts')
    const started = performance.now()
    const filled = await withoutBudget(handle, (db) => fillSearchTexts(db))
    if (filled > 0)
      console.log(
        `Wrote the search texts of ${filled} records in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      )
    await bootstrap(handle.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      seedSample: config.seedSample,
      print: (line) => console.log(line),
    })
  })

  if (!existsSync(join(config.staticDir, 'index.html'))) {
    console.log(`No built PWA in ${config.staticDir} (run \`npm run build\`): serving the API only.`)
  }
  const { buildApp } = await appModule
  const app = await buildApp({
    db: handle.db,
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
    sessionIdleDays: config.sessionIdleDays,
    sessionMaxDays: config.sessionMaxDays,
    requestTimeoutSeconds: config.requestTimeoutSeconds,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    hostNames: hostNamesOf(config.host),
    uploadMaxBytes: config.uploadMaxBytes,
    registrationOpen: config.registrationOpen,
    trashDays: config.trashDays,
  })
  const maintenance = () =>
    runMaintenance(handle.db, {
      tombstoneDays: config.tombstoneDays,
      sessions: { idleDays: config.sessionIdleDays, maxDays: config.sessionMaxDays },
    }).catch((error) => app.log.error({ err: error }, 'maintenance failed'))
  let schedule: MaintenanceSchedule | undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing`)
    try {
      await app.close()
      await schedule?.stop() // a vacuum cannot be cut off by closing the database under it
      await handle.close()
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const wildcard = config.host === '0.0.0.0' || config.host === '::'
  const shown = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDir}`
  console.log(`Outpost is running at http://${shown}:${config.port} (${database})`)
  // Housekeeping waits until well after the server listens: it is never urgent, and a start should be quick.
  schedule = scheduleMaintenance(maintenance)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
