/**
 * The users' side of the convergence property: what three people do to
 * companies and contacts, as fast-check steps (an Admin's merge of two
 * companies among them), and how a step is carried out on a client's local
 * database. Every written value is unique, so the final
 * server state says whose write won.
 */
import fc from 'fast-check'
import type { OutpostDb } from '../../src/db/database'
import { createRecord, deleteRecord, updateRecord, type WriteContext } from '../../src/db/record-writes'
import { mergeCalls } from '../../src/sync/merge-calls'
import { OnlineCallError } from '../../src/sync/online-call'
import type { Transport } from '../../src/transport/http'

export const CONTACT_FIELDS = ['title', 'phone', 'department', 'company'] as const
const DEPARTMENTS = ['Sales', 'IT', 'Planning', 'Vendor']

export type Step =
  | { do: 'create-company'; client: number }
  | { do: 'create-contact'; client: number; pick: number }
  | { do: 'update'; client: number; pick: number; field: (typeof CONTACT_FIELDS)[number] | 'companyName' }
  | { do: 'delete'; client: number; pick: number; what: 'contacts' | 'companies' }
  /** An Admin merges one company into another (on the server, through the client's network). */
  | { do: 'merge'; client: number; pick: number; other: number }
  | { do: 'sync'; clients: number[] }

const client = fc.nat(2)
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ do: fc.constant('create-company' as const), client }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('create-contact' as const), client, pick: fc.nat() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      do: fc.constant('update' as const),
      client,
      pick: fc.nat(),
      field: fc.constantFrom(...CONTACT_FIELDS, 'companyName' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      do: fc.constant('delete' as const),
      client,
      pick: fc.nat(),
      what: fc.constantFrom('contacts' as const, 'companies' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ do: fc.constant('merge' as const), client, pick: fc.nat(), other: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('sync' as const),
      clients: fc.uniqueArray(client, { minLength: 1, maxLength: 3 }),
    }),
  },
)

export interface Write {
  client: number
  collection: 'contacts' | 'companies'
  record: string
  field: string
  /** Comparable form: a company reference by its id. */
  value: unknown
  base: unknown
}

export const comparable = (value: unknown) =>
  value && typeof value === 'object' ? ((value as { value?: unknown }).value ?? null) : (value ?? null)

let unique = 0
let merged = 0
/** How many merges landed across the runs: the property must have tried some. */
export const mergesLanded = () => merged
const pickFrom = async (db: OutpostDb, table: 'contacts' | 'companies', pick: number) => {
  const ids = (await db.table(table).toCollection().primaryKeys()) as string[]
  return ids.length ? ids[pick % ids.length] : undefined
}

/**
 * Two companies this client holds merged into one, the kept one's values as they are: tried again
 * under the same key while the network or the server fails, and left when the server refuses (one is gone).
 */
async function merge(step: Extract<Step, { do: 'merge' }>, db: OutpostDb, transport: Transport) {
  const ids = (await db.companies.toCollection().primaryKeys()) as string[]
  if (ids.length < 2) return
  // Two different companies: `other` counts on from the kept one, never landing on it.
  const kept = ids[step.pick % ids.length] as string
  const other = ids[(step.pick + 1 + (step.other % (ids.length - 1))) % ids.length] as string
  const calls = mergeCalls(transport, () => {})
  const key = `merge-${++unique}`
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await calls.merge('companies', kept, other, {}, key)
      merged++
      return
    } catch (error) {
      // Lost on the way, or the server fell over (perhaps after doing it): the same key again.
      if (!(error instanceof OnlineCallError) || !(error.offline || error.status >= 500)) return
    }
  }
}

/** Carry out a user's step on one client; answers the write it made, if any. */
export async function perform(
  step: Exclude<Step, { do: 'sync' }>,
  index: number,
  db: OutpostDb,
  writes: WriteContext,
  transport: Transport,
) {
  if (step.do === 'merge') {
    await merge(step, db, transport)
    return
  }
  if (step.do === 'create-company') {
    await createRecord(writes, 'companies', {
      companyName: `Co${++unique}`,
      address: '',
      website: '',
      email: '',
      mainPhone: '',
    })
    return
  }
  if (step.do === 'create-contact') {
    const company = await pickFrom(db, 'companies', step.pick)
    const ref = company && step.pick % 2 === 0 ? { relationTo: 'companies', value: company } : null
    await createRecord(writes, 'contacts', {
      firstName: `P${++unique}`,
      title: '',
      phone: '',
      department: '',
      company: ref,
    })
    return
  }
  const table = step.do === 'delete' ? step.what : step.field === 'companyName' ? 'companies' : 'contacts'
  const id = await pickFrom(db, table, step.pick)
  if (!id) return
  if (step.do === 'delete') {
    await deleteRecord(writes, table, id)
    return
  }
  let value: unknown
  if (step.field === 'company') {
    const company = await pickFrom(db, 'companies', step.pick >> 1)
    value = company && step.pick % 3 !== 0 ? { relationTo: 'companies', value: company } : null
  } else if (step.field === 'department') value = DEPARTMENTS[++unique % DEPARTMENTS.length]
  else value = `v${++unique}`
  const before = (await db.table(table).get(id))?.[step.field]
  if (comparable(before) === comparable(value)) return
  await updateRecord(writes, table, id, { [step.field]: value })
  return {
    client: index,
    collection: table,
    record: id,
    field: step.field,
    value: comparable(value),
    base: comparable(before),
  } satisfies Write
}
