/**
 * First start: on a database without users, create the Admin account
 * (ADMIN_EMAIL / ADMIN_PASSWORD, or admin@outpost.local with a generated
 * password printed once) and, unless SEED_SAMPLE=0, sample contacts.
 * Later starts change nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from './db/open'
import { contacts } from './db/schema'
import { nextSeq, withWriteLock } from './db/write'
import { SAMPLE_CONTACTS } from './seed/sample-contacts'
import { countUsers, createUser } from './users/store'

export const DEFAULT_ADMIN_EMAIL = 'admin@outpost.local'

export interface BootstrapOptions {
  adminEmail?: string
  adminPassword?: string
  seedSample: boolean
  /** Where the one-time credentials go (stdout in main.ts). */
  print?: (line: string) => void
}

export interface BootstrapResult {
  createdAdmin?: { email: string; password: string; generated: boolean }
  seededContacts: number
}

export async function seedSampleContacts(db: Db): Promise<number> {
  return withWriteLock(db, async (tx) => {
    for (const sample of SAMPLE_CONTACTS) {
      await tx.insert(contacts).values({ ...sample, id: randomUUID(), company: null, seq: nextSeq() })
    }
    return SAMPLE_CONTACTS.length
  })
}

export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { seededContacts: 0 }
  const email = options.adminEmail?.trim() || DEFAULT_ADMIN_EMAIL
  const generated = !options.adminPassword
  const password = options.adminPassword || randomBytes(12).toString('base64url')
  if (password.length < 5) throw new Error('ADMIN_PASSWORD must be at least 5 characters.')
  await createUser(db, { email, password, firstName: 'Admin', lastName: '', role: 'admin' })
  const print = options.print ?? (() => {})
  print(
    generated
      ? `Created the Admin account. Sign in with ${email} / ${password} (shown once; change it or set ADMIN_PASSWORD).`
      : `Created the Admin account ${email} with the password from ADMIN_PASSWORD.`,
  )
  // "Empty database": only alongside the first account, never after someone deleted the samples.
  const [existing] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contacts)
  const seededContacts = options.seedSample && existing?.n === 0 ? await seedSampleContacts(db) : 0
  if (seededContacts) print(`Loaded ${seededContacts} sample contacts (SEED_SAMPLE=0 skips this).`)
  return { createdAdmin: { email, password, generated }, seededContacts }
}
