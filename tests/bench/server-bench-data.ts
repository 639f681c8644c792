/**
 * 100,000 realistic contacts in ONE statement (insert … select … from
 * generate_series), for tests/bench/server-bench.ts: names drawn from common
 * first and last names with unrelated strides, emails made of both, titles and
 * departments spread over the list. The search words below occur in the data.
 */
import { sql } from 'drizzle-orm'
import { fillSearchTexts } from '../../server/collections/search-texts'
import type { Db } from '../../server/db/open'

const FIRST =
  'Olivia Liam Emma Noah Amelia Oliver Ava Elijah Sophia James Isabella William Mia Benjamin Charlotte Lucas Harper Henry Evelyn Theodore Abigail Jack Emily Levi Ella Alexander Elizabeth Jackson Camila Mateo Luna Daniel Sofia Michael Avery Mason Mila Sebastian Aria Ethan Scarlett Logan Penelope Owen Layla Samuel Chloé Jacob Victoria Asher Madison Aiden Eleanor John Grace Joseph Nora Wyatt Riley David Zoey Leo Hannah Luke Hazel Julian Lily Hudson Ellie Grayson Violet Matthew Lillian Ezra Zoë Gabriel Stella Carter Aurora Isaac Natalie Jayden Emilia Luca Everly Anthony Leah Dylan Aubrey Lincoln Willow Thomas Addison Maverick Lucy Elias Audrey Josiah Bella Charles Nova Caleb'.split(
    ' ',
  )
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn'.split(
    ' ',
  )
const TITLES =
  'Planning Manager,Senior Scheduler,Project Engineer,Logistics Coordinator,Turnaround Lead,Account Executive,IT Administrator,Maintenance Planner,Vendor Manager,Buyer'.split(
    ',',
  )
const DEPARTMENTS = 'Planning Engineering Logistics Turnaround Sales IT Maintenance Vendor'.split(' ')
const DOMAINS = 'northwind.example contoso.example fabrikam.example tailspin.example adatum.example'.split(
  ' ',
)

/** Two-word searches as a user types them (part of a first name, part of a last name). */
export const TWO_WORD_SEARCHES = [
  'oliv harr',
  'james smi',
  'emma wil',
  'noah garc',
  'grace pat',
  'luca rob',
  'mia fost',
  'leo kenn',
]
/** One short word: two letters give PostgreSQL no trigram to search with. */
export const SHORT_SEARCHES = ['an', 'el', 'ro', 'mi']

const list = (items: string[]) =>
  sql.raw(`array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`)

/** Searches by the one search rule (`where[search][like]`), each as typed: a name, two letters, accents, digits, a department. */
export const RULE_SEARCHES = {
  'a last name': ['harris', 'smith', 'foster', 'kennedy'],
  'two letters': SHORT_SEARCHES,
  'an accented word': ['chloé', 'muñoz', 'zoë', 'MÜÑOZ'],
  'a phone digit run': ['7946 0123', '020 7946-55', '7700 004 2', '20 7946 01'],
  'a department': ['engineering', 'logistics', 'vendor', 'turnaround'],
  'two words, a name and a department': ['oliv engineering', 'harr sales'],
}

/**
 * Inserts `count` contacts in one statement, then writes their search texts as a start does for rows
 * from before migration 0015 (server/collections/search-texts.ts; answers how long that took), then
 * ANALYZE (as maintenance does) so the planner knows them.
 */
export async function seedContacts(db: Db, count: number): Promise<{ fillMs: number }> {
  // Strides prime to each list's length, so first and last names do not move together.
  await db.execute(sql`
    insert into contacts (id, first_name, last_name, title, department, email, phone, mobile)
    select gen_random_uuid(),
           (${list(FIRST)})[1 + (g * 7) % ${FIRST.length}],
           (${list(LAST)})[1 + (g * 13) % ${LAST.length}],
           (${list(TITLES)})[1 + g % ${TITLES.length}],
           (${list(DEPARTMENTS)})[1 + g % ${DEPARTMENTS.length}],
           lower((${list(FIRST)})[1 + (g * 7) % ${FIRST.length}] || '.' || (${list(LAST)})[1 + (g * 13) % ${LAST.length}])
             || g || '@' || (${list(DOMAINS)})[1 + g % ${DOMAINS.length}],
           '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0'),
           '+44 7700 ' || lpad((g % 1000000)::text, 6, '0')
    from generate_series(1, ${count}) as g`)
  const started = performance.now()
  await fillSearchTexts(db)
  const fillMs = performance.now() - started
  await db.execute(sql`analyze contacts`)
  return { fillMs }
}
