/**
 * Duplicates found on the device (src/db/duplicates.ts), printed, never asserted, and handed back
 * for BENCHMARKS.md: the contacts' list index at full size asked what an add form's values may
 * duplicate, as the form asks a moment after the typing pauses: each key is one search through the
 * joined search texts, then the few found are compared. The goal: p95 within a frame (16 ms).
 */
import { OutpostDb } from '../../src/db/database'
import { findDuplicates } from '../../src/db/duplicates'
import type { ListedRow } from '../../src/db/index-entries'
import { dropMirrorIndexes, type MirrorIndex, mirrorIndex } from '../../src/db/mirror-index'
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

export interface CompanyDuplicatesFigures {
  companies: number
  /** A new company's name and website, matching nothing. */
  miss: Timing
  /** An existing company's name, in capitals and without its accents. */
  name: Timing
  /** An existing company's website, written without its scheme, `www.` and slash. */
  website: Timing
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

const WORDS =
  'Orbit Nova Zenith Atlas Borealis Cobalt Delta Émeraude Fjord Granite Helios Ibis Jasper Kestrel Lumen Mistral Nordic Onyx Pioneer Quartz Ridge Sierra Tundra Ursa Vértice Willow'.split(
    ' ',
  )
const KINDS =
  'Works Industries Logistics Engineering Solutions Systems Partners Holdings Services Labs'.split(' ')

/** What `count` companies' rows hold: a name of two words and a number, a website made of them. */
function companyRow(i: number) {
  const first = WORDS[i % WORDS.length] as string
  const second = KINDS[Math.floor(i / WORDS.length) % KINDS.length] as string
  const name = `${first} ${second} ${i}`
  const slug = `${first}-${second}-${i}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  return { id: crypto.randomUUID(), version: 1, companyName: name, website: `https://www.${slug}.example/` }
}

/**
 * A company's add form at `count` companies, in a device's mirror of its own (fake-indexeddb): its name
 * and website each tell a duplicate alone, each looked up in its own keys joined (src/db/duplicates.ts).
 */
export async function companyDuplicatesBench(count: number): Promise<CompanyDuplicatesFigures> {
  const db = new OutpostDb(`bench-companies-${Date.now()}`)
  try {
    const rows = Array.from({ length: count }, (_, i) => companyRow(i))
    for (let at = 0; at < rows.length; at += 10_000)
      await db.companies.bulkPut(rows.slice(at, at + 10_000) as never)
    const index = mirrorIndex(db, 'companies')
    index.warm()
    await index.idle()
    const pick = (i: number) => rows[(i * 7919) % rows.length] as (typeof rows)[number]
    const find = (values: Record<string, unknown>) => {
      const probe = duplicateProbe('companies', values)
      return probe ? findDuplicates(index, probe) : []
    }
    const miss = await timed(200, (i) =>
      find({ companyName: `Nobody Anywhere ${i}`, website: `nobody-${i}.example` }),
    )
    const name = await timed(200, (i) =>
      find({
        companyName: pick(i)
          .companyName.normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toUpperCase(),
      }),
    )
    const website = await timed(200, (i) =>
      find({
        companyName: 'Someone New',
        website: pick(i).website.replace('https://www.', '').replace(/\/$/, ''),
      }),
    )
    // Each look found the company it was typed from: a look that found nothing would be timed as a miss.
    for (let i = 0; i < 20; i++) {
      const { companyName, website } = pick(i)
      const said = [
        find({ companyName: companyName.toUpperCase() })[0]?.said,
        find({ companyName: 'Someone New', website: website.replace('https://www.', '') })[0]?.said,
      ]
      if (said[0] !== 'the same name' || said[1] !== 'the same website')
        throw new Error(`a company's duplicate was not found: ${companyName} (${said.join(', ')})`)
    }
    const companies = index.matches('').length
    console.log(
      `duplicates at ${companies} companies (the list index, in memory, as a company's add form asks):`,
    )
    console.log(
      `  nothing matches: ${show(miss)}; an existing name: ${show(name)}; an existing website: ${show(website)}`,
    )
    return { companies, miss, name, website }
  } finally {
    dropMirrorIndexes(db)
    await db.delete()
  }
}
