/**
 * The server process exactly as `npm start` runs it after building: the
 * command after the build in package.json's start script (the bundle
 * server/dist/main.js and its Node options). Used by bundled-server.test.ts
 * and the cold-start bench, so both measure what staff run.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** `node`'s arguments in `npm start`, e.g. ['--max-semi-space-size=2', 'server/dist/main.js']. */
export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
  const command = scripts.start?.split('&&').at(-1)?.trim().split(/\s+/) ?? []
  if (command[0] !== 'node') throw new Error(`npm start should end by running node, not "${scripts.start}"`)
  return command.slice(1)
}

/** Writes the bundle and the empty database as `npm run build` does (the app's own build is not needed). */
export function buildServer() {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' })
}
