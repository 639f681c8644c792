/**
 * Duplicates found on the device (src/db/duplicates.ts), printed, never asserted, and handed back
 * for BENCHMARKS.md: the contacts' list index at full size asked what an add form's values may
 * duplicate, as the form asks a moment after the typing pauses: each key is one search through the
 * joined search texts, then the few found are compared. The goal: p95 within a frame (16 ms).
 */
import { findDuplicates } from '../../src/db/duplicates'
import type { ListedRow } from '../../src/db/index-entries'
import type { MirrorIndex } from '../../src/db/mirror-index'
import { duplicateProbe } from '../../src/domain/duplicates'
import { type Timing, timed } from './timing'

export interface DuplicatesFigures {
  contacts: number
  /** Every field of an add form filled, matching nothing: every key searched for. */
  miss: Timing
  /** An existing contact's email typed. */
  email: Timing
  /** An existing contact's phone typed as another writes it, in the mobile field. */
  phone: Timing
  /** An existing contact's name, at its company. */
  nameAtCompany: Timing
}

const show = (t: Timing) => `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (${t.runs} runs)`

/** `index` is the contacts' list index, built. */
export async function duplicatesBench(index: MirrorIndex): Promise<DuplicatesFigures> {
  const rows: ListedRow[] = []
  const links = new Map<string, string>()
  index.forEachEntry((entry) => {
    rows.push(entry.shown)
    if (entry.links?.company) links.set(entry.id, entry.links.company)
    return false
  })
  const contacts = rows.length
  const pick = (i: number) => rows[(i * 7919) % rows.length] as ListedRow
  const find = (values: Record<string, unknown>) => {
    const probe = duplicateProbe('contacts', values)
    return probe ? findDuplicates(index, probe) : []
  }

  const miss = await timed(200, (i) =>
    find({
      firstName: `Nobody${i}`,
      lastName: `Anywhere${i}`,
      email: `nobody.${i}@nowhere.example`,
      phone: `+1 555 01${String(i).padStart(4, '0')}`,
      mobile: `+1 555 02${String(i).padStart(4, '0')}`,
    }),
  )
  const email = await timed(200, (i) =>
    find({ firstName: 'Someone', email: String(pick(i).email ?? '').toUpperCase() }),
  )
  const phone = await timed(200, (i) =>
    find({ firstName: 'Someone', mobile: ` ${String(pick(i).phone ?? '')} ` }),
  )
  const nameAtCompany = await timed(200, (i) => {
    const row = pick(i)
    return find({ firstName: row.firstName, lastName: row.lastName, company: links.get(row.id) ?? null })
  })
  console.log(`duplicates at ${contacts} contacts (the list index, in memory, as an add form asks):`)
  console.log(`  nothing matches, every field filled: ${show(miss)}`)
  console.log(`  an existing email: ${show(email)}; an existing phone, written otherwise: ${show(phone)}`)
  console.log(`  an existing name at its company: ${show(nameAtCompany)}`)
  return { contacts, miss, email, phone, nameAtCompany }
}
