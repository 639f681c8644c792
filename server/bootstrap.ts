/**
 * First start: on a database without users, create the Admin account
 * (ADMIN_EMAIL / ADMIN_PASSWORD, or admin@outpost.local with a generated
 * password printed once) and, unless SEED_SAMPLE=0, sample records:
 * companies, their contacts (each pointing at its company) and a catalog.
 * Later starts change nothing.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { CATALOG, type CatalogName } from '../src/domain/catalog'
import { NEW_PASSWORD_MIN, newPasswordSchema } from '../src/domain/user'
import { isCommonPassword } from './auth/common-passwords'
import { SAMPLE_DATA } from './collections/history'
import { serverCollections } from './collections/registry'
import { createDoc } from './collections/writes'
import type { Db } from './db/open'
import { contacts } from './db/schema'
import { type Tx, withWriteLock } from './db/write'
import { SAMPLE_CATALOG } from './seed/sample-catalog'
import { SAMPLE_COMPANIES } from './seed/sample-companies'
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

const collection = (name: string) => {
  const found = serverCollections.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no collection ${name}`)
  return found
}

/** Writes a sample record the way the API does (validation, seq, timestamps); answers its id. */
async function create(tx: Tx, name: string, body: Record<string, unknown>): Promise<string> {
  const { body: answer } = await createDoc(tx, collection(name), body, SAMPLE_DATA)
  return (answer.doc as { id: string }).id
}

/** The sample records; answers how many contacts were loaded. */
export async function seedSampleRecords(db: Db): Promise<number> {
  return withWriteLock(db, async (tx) => {
    const companyIds = new Map<string, string>()
    for (const [domain, company] of Object.entries(SAMPLE_COMPANIES))
      companyIds.set(domain, await create(tx, 'companies', { ...company }))
    for (const sample of SAMPLE_CONTACTS) {
      const domain = sample.email.split('@')[1] ?? ''
      await create(tx, 'contacts', { ...sample, company: companyIds.get(domain) ?? null })
    }
    for (const name of Object.keys(CATALOG) as CatalogName[])
      for (const item of SAMPLE_CATALOG[name]) await create(tx, name, { ...item })
    return SAMPLE_CONTACTS.length
  })
}

/** 16 characters of base64url: twice the minimum, and random, so never a common one. */
const generatePassword = () => randomBytes(12).toString('base64url')

/** ADMIN_PASSWORD is a new password like any other: refused at start, before anything is written. */
function checkAdminPassword(password: string) {
  if (!v.is(newPasswordSchema, password))
    throw new Error(`ADMIN_PASSWORD must be ${NEW_PASSWORD_MIN} to 200 characters long.`)
  if (isCommonPassword(password)) throw new Error('ADMIN_PASSWORD is too common a password. Choose another.')
}

export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { seededContacts: 0 }
  const email = options.adminEmail?.trim() || DEFAULT_ADMIN_EMAIL
  const generated = !options.adminPassword
  const password = options.adminPassword || generatePassword()
  if (!generated) checkAdminPassword(password)
  await createUser(db, { email, password, firstName: 'Admin', lastName: '', role: 'admin' })
  const print = options.print ?? (() => {})
  print(
    generated
      ? `Created the Admin account. Sign in with ${email} / ${password} (shown once; change it or set ADMIN_PASSWORD).`
      : `Created the Admin account ${email} with the password from ADMIN_PASSWORD.`,
  )
  // "Empty database": only alongside the first account, never after someone deleted the samples.
  const [existing] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contacts)
  const seededContacts = options.seedSample && existing?.n === 0 ? await seedSampleRecords(db) : 0
  if (seededContacts)
    print(
      `Loaded sample records: ${seededContacts} contacts with their companies, and a catalog (SEED_SAMPLE=0 skips this).`,
    )
  return { createdAdmin: { email, password, generated }, seededContacts }
}
