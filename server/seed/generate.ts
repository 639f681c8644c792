/**
 * Realistic records at scale, from a fixed seed (every value is a function of
 * the row number, so two runs make the same data): companies across several
 * countries, and contacts with accented names, phone numbers written the way
 * each country writes them, departments, titles and a company each. One SQL
 * statement per table (insert … select … from generate_series), so 100,000
 * contacts take seconds, not hours of API calls.
 */
import { sql } from 'drizzle-orm'
import { DEPARTMENTS as CONTACT_DEPARTMENTS } from '../../src/domain/contact'
import type { Db } from '../db/open'

const FIRST = [
  'Olivia',
  'Liam',
  'Søren',
  'Zoë',
  'José',
  'François',
  'Ángela',
  'Łukasz',
  'Amelia',
  'Noah',
  'Chloé',
  'Björn',
  'Ingrid',
  'Mateo',
  'Aoife',
  'Siobhán',
  'Jürgen',
  'Renée',
  'Ola',
  'Mia',
  'Ahmed',
  'Fatima',
  'Wei',
  'Yuki',
  'Priya',
  'Arjun',
  'Thabo',
  'Zanele',
  'Kofi',
  'Ama',
  'Lucas',
  'Grace',
  'Héloïse',
  'Ömer',
  'Ayşe',
  'Dmitri',
  'Katarzyna',
  'Nuno',
  'Inês',
  'Emma',
  'James',
  'Sofia',
  'Elijah',
  'Hannah',
  'Mohammed',
  'Leila',
  'Tomás',
  'Marta',
  'Åsa',
  'Oskar',
]
const LAST = [
  'Smith',
  'Johansson',
  'Müller',
  'Núñez',
  'Çelik',
  'Ødegaard',
  'García',
  'Dubois',
  'Kowalski',
  'Rossi',
  "O'Brien",
  'Nguyen',
  'Patel',
  'Okafor',
  'Tanaka',
  'Schmidt',
  'Lefèvre',
  'Haddad',
  'Andersen',
  'Silva',
  'Moreau',
  'Fischer',
  'Novak',
  'Brown',
  'Wilson',
  'Kim',
  'Chen',
  'Dlamini',
  'Mensah',
  'Hernández',
  'Jørgensen',
  'Wójcik',
  'Doğan',
  'Petrov',
  'Costa',
  'Murphy',
  'Walsh',
  'Becker',
  'Ivanova',
  'Laurent',
  'Van der Berg',
  'de la Cruz',
  'Al-Sayed',
  'Lindqvist',
  'Kowalczyk',
  'Mendes',
  'Taylor',
  'Rahman',
  'Sato',
  'Ferreira',
]
const TITLES = [
  'Planning Manager',
  'Senior Scheduler',
  'Project Engineer',
  'Logistics Coordinator',
  'Turnaround Lead',
  'Account Executive',
  'IT Administrator',
  'Maintenance Planner',
  'Vendor Manager',
  'Buyer',
  'Reliability Engineer',
  'Site Manager',
  'Procurement Officer',
  'Operations Director',
  'HSE Advisor',
]
/** The product's departments, and none (an empty department is a real value too). */
const DEPARTMENTS = [...CONTACT_DEPARTMENTS, '']
const WORDS = [
  'Northwind',
  'Baltic',
  'Delta',
  'Pacific',
  'Atlantic',
  'Gulf',
  'Iberia',
  'Karoo',
  'Rhein',
  'Rhône',
  'Vistula',
  'Adriatic',
  'Nordic',
  'Alpine',
  'Sahara',
  'Andes',
  'Fjord',
  'Harbour',
  'Summit',
  'Meridian',
  'Orion',
  'Polar',
  'Cedar',
  'Granite',
  'Lagoon',
]
const TRADES = [
  'Energy',
  'Refining',
  'Chemicals',
  'Offshore',
  'Gas',
  'Mining',
  'Valves',
  'Process',
  'Supply',
  'Power',
]
const SUFFIXES = ['Ltd', 'GmbH', 'S.A.', 'AB', 'Inc.', 'SAS', 'S.p.A.', 'Sp. z o.o.', 'Pty Ltd', 'LLC']
/** City, country and how that country writes a phone number ('#' is a digit taken from the row number). */
const PLACES = [
  ['London', 'United Kingdom', '+44 20 7946 ####'],
  ['Aberdeen', 'United Kingdom', '+44 (0)1224 ######'],
  ['Houston, TX', 'USA', '+1 (713) 555-####'],
  ['Chicago, IL', 'USA', '+1 312-555-####'],
  ['Stockholm', 'Sweden', '+46 8 555 ### ##'],
  ['Hamburg', 'Germany', '+49 40 555 #####'],
  ['Lyon', 'France', '+33 4 55 ## ## ##'],
  ['Lisboa', 'Portugal', '+351 21 555 ####'],
  ['Milano', 'Italy', '+39 02 5550 ####'],
  ['Gdańsk', 'Poland', '+48 58 555 ## ##'],
  ['Singapore', 'Singapore', '+65 6555 ####'],
  ['Tokyo', 'Japan', '+81 3-5555-####'],
  ['Dubai', 'United Arab Emirates', '+971 4 555 ####'],
  ['Johannesburg', 'South Africa', '+27 11 555 ####'],
  ['São Paulo', 'Brazil', '+55 11 5555-####'],
] as const

const list = (items: readonly string[]) =>
  sql.raw(`array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`)

/** Picks from a list by the row number with a stride prime to the list's length, so columns do not move together. */
const pick = (items: readonly string[], stride: number) =>
  sql`(${list(items)})[1 + (g * ${sql.raw(String(stride))}) % ${sql.raw(String(items.length))}]`

/** One format as SQL: each run of '#' becomes that many digits taken from the row number. */
function formatted(format: string, salt: number) {
  const parts = format.split(/(#+)/).filter(Boolean)
  const pieces = parts.map((part, index) => {
    if (!part.startsWith('#')) return sql`${part}`
    const modulus = 10 ** part.length
    return sql`lpad(((g::bigint * ${sql.raw(String(7919 + salt + index * 104729))}) % ${sql.raw(String(modulus))})::text, ${sql.raw(String(part.length))}, '0')`
  })
  return sql.join(pieces, sql` || `)
}

/** A phone number as its country writes it, the country chosen by the row number. */
const phone = (stride: number) =>
  sql`case (g * ${sql.raw(String(stride))}) % ${sql.raw(String(PLACES.length))} ${sql.join(
    PLACES.map((place, index) => sql`when ${sql.raw(String(index))} then ${formatted(place[2], stride)}`),
    sql` `,
  )} end`

export async function generateCompanies(db: Db, count: number) {
  await db.execute(sql`
    insert into companies (id, company_name, address, website, email, main_phone)
    select gen_random_uuid(),
           ${pick(WORDS, 7)} || ' ' || ${pick(TRADES, 3)} || ' ' || ${pick(SUFFIXES, 11)} || ' ' || g,
           g || ' ' || ${pick(WORDS, 13)} || ' Road, ' || (${list(PLACES.map((place) => `${place[0]}, ${place[1]}`))})[1 + (g * 5) % ${sql.raw(String(PLACES.length))}],
           'https://' || lower(${pick(WORDS, 7)} || '-' || ${pick(TRADES, 3)}) || '-' || g || '.example',
           'info@' || lower(${pick(WORDS, 7)} || '-' || ${pick(TRADES, 3)}) || '-' || g || '.example',
           ${phone(5)}
    from generate_series(1, ${count}) as g`)
}

/** Contacts, each working for one of the companies (by the companies' order), or none when there are none. */
export async function generateContacts(db: Db, count: number) {
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by seq) as n from companies where deleted_at is null),
         total as (select count(*) as n from numbered)
    insert into contacts (id, first_name, last_name, title, department, email, phone, mobile, company_id)
    select gen_random_uuid(),
           ${pick(FIRST, 7)},
           ${pick(LAST, 13)},
           ${pick(TITLES, 3)},
           ${pick(DEPARTMENTS, 1)},
           lower(translate(${pick(FIRST, 7)} || '.' || replace(replace(${pick(LAST, 13)}, ' ', ''), '''', ''),
             'ØøÅåÄäÖöÜüÉéÈèÊêËëÁáÀàÂâÍíÓóÔôÚúÑñÇçŁłĞğŞşÏïØ', 'OoAaAaOoUuEeEeEeEeAaAaAaIiOoOoUuNnCcLlGgSsIiO'))
             || g || '@example.com',
           ${phone(7)},
           case when g % 3 = 0 then '' else ${phone(11)} end,
           numbered.id
    from generate_series(1, ${count}) as g
    left join numbered on numbered.n = 1 + (g * 17) % greatest((select n from total), 1)`)
}
