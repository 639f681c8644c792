/**
 * A PostgreSQL database for tests that need a real server shared by several
 * processes: a new database on DATABASE_URL when it is set (CI's second
 * pass), else a throw-away PostgreSQL cluster of Debian's postgresql package,
 * started on a free port and removed afterwards.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from '../e2e/server-process'

export interface TestPostgres {
  url: string
  stop(): Promise<void>
}

async function createDatabase(serverUrl: string): Promise<TestPostgres> {
  const name = `outpost_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  await run(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), stop: () => run(`drop database if exists "${name}" with (force)`) }
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined
  const bin = version && join(root, version, 'bin')
  if (!bin || !existsSync(join(bin, 'initdb'))) {
    throw new Error(
      'This test needs PostgreSQL: set DATABASE_URL, or install it (apt-get install postgresql).',
    )
  }
  return bin
}

export async function startTestPostgres(): Promise<TestPostgres> {
  if (process.env.DATABASE_URL) return createDatabase(process.env.DATABASE_URL)
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'outpost-pg-'))
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const asRoot = process.getuid?.() === 0
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' })
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
  ])
  const database = await createDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`)
  return {
    url: database.url,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
