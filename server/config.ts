/** The process's settings, from the environment (README and main.ts list them). */
import { resolve } from 'node:path'
import { DEFAULT_TRASH_DAYS } from '../src/domain/trash'
import { QUERY_BUDGET_MS } from './db/query-budget'

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  adminEmail?: string
  adminPassword?: string
  seedSample: boolean
  staticDir: string
  sessionIdleDays: number
  /** A session ends this long after its sign-in, however often it is used. */
  sessionMaxDays: number
  /** PostgreSQL: the most one statement of a request may run (503 QueryTimeout beyond). */
  queryTimeoutMs: number
  /** The most a request may take to arrive, headers and body (408 beyond). */
  requestTimeoutSeconds: number
  /** Open connections one client address may hold (0: no cap); not applied behind a trusted proxy. */
  maxConnectionsPerAddress: number
  tombstoneDays: number
  /** How long a deleted record can be restored from the Trash (at most tombstoneDays). */
  trashDays: number
  /** Proxy hops in front of the server whose X-Forwarded-* headers are trusted (0: none). */
  trustProxy: number
  /** The address staff use, e.g. https://crm.example.com: the only origin writes may come from. */
  publicUrl?: string
  logLevel: string
  /** Largest image upload in bytes (413 beyond). */
  uploadMaxBytes: number
  /** REGISTRATION=open lets anyone create a User account through POST /api/register. */
  registrationOpen: boolean
}

type Env = Record<string, string | undefined>

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}".`)
  return value
}

function whole(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number (0 turns it off), got "${raw}".`)
  return value
}

const isOff = (value: string | undefined) =>
  ['0', 'false', 'no', 'off'].includes((value ?? '').trim().toLowerCase())
const isOn = (value: string | undefined) =>
  ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase())

/** TRUST_PROXY: a number of hops; `true`/`on` mean one proxy, as most set-ups have. */
function proxyHops(value: string | undefined): number {
  const raw = (value ?? '').trim().toLowerCase()
  if (raw === '' || isOff(raw)) return 0
  if (isOn(raw)) return 1
  if (/^\d{1,2}$/.test(raw)) return Number(raw)
  throw new Error(`TRUST_PROXY must be the number of proxies in front of the server, got "${value}".`)
}

function publicUrl(value: string | undefined): string | undefined {
  const raw = value?.trim()
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://crm.example.com, got "${raw}".`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must start with http:// or https://, got "${raw}".`)
  }
  return url.origin
}

function registration(value: string | undefined): boolean {
  const setting = (value ?? '').trim().toLowerCase()
  if (setting === '' || setting === 'closed') return false
  if (setting === 'open') return true
  throw new Error(`REGISTRATION must be "open" or "closed", got "${value}".`)
}

export function readConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const tombstoneDays = positive(env, 'TOMBSTONE_DAYS', 90)
  const trashDays = positive(env, 'TRASH_DAYS', DEFAULT_TRASH_DAYS)
  // A record must stay restorable for as long as the Trash shows it: its tombstone is what comes back.
  if (trashDays > tombstoneDays) throw new Error('TRASH_DAYS must not be more than TOMBSTONE_DAYS.')
  return {
    port: positive(env, 'PORT', 3000),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedSample: !isOff(env.SEED_SAMPLE),
    staticDir: resolve(env.STATIC_DIR?.trim() || './dist'),
    sessionIdleDays: positive(env, 'SESSION_IDLE_DAYS', 14),
    sessionMaxDays: positive(env, 'SESSION_MAX_DAYS', 30),
    requestTimeoutSeconds: positive(env, 'REQUEST_TIMEOUT_SECONDS', 120),
    queryTimeoutMs: positive(env, 'QUERY_TIMEOUT_MS', QUERY_BUDGET_MS),
    maxConnectionsPerAddress: whole(env, 'MAX_CONNECTIONS_PER_ADDRESS', 100),
    tombstoneDays,
    trashDays,
    trustProxy: proxyHops(env.TRUST_PROXY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    uploadMaxBytes: positive(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024),
    registrationOpen: registration(env.REGISTRATION),
  }
}
