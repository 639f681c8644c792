/** A mirror seeded for the dashboard's tests: rows as the server sends them, with the counts written out by hand. */
import type { OutpostDb } from '../../src/db/database'
import type { CatalogItem } from '../../src/domain/catalog'
import type { Company } from '../../src/domain/company'
import { type Contact, type ContactFields, contactFields } from '../../src/domain/contact'
import { emptyValues } from '../../src/domain/fields'
import { emptyRichText } from '../../src/domain/rich-text'

export const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).toISOString()

let serial = 0
const nextId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`

export function contact(fields: Partial<Contact> = {}): Contact {
  const stamp = fields.createdAt ?? at(2026, 1, 5)
  return {
    ...(emptyValues(contactFields) as ContactFields),
    id: nextId(),
    firstName: 'Ann',
    lastName: `Person ${serial}`,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  }
}

export function company(companyName: string, fields: Partial<Company> = {}): Company {
  const stamp = fields.createdAt ?? at(2026, 1, 5)
  return {
    id: nextId(),
    companyName,
    address: '',
    website: '',
    email: '',
    mainPhone: '',
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  }
}

export function catalogItem(name: string, fields: Partial<CatalogItem> = {}): CatalogItem {
  const stamp = (fields.createdAt as string | undefined) ?? at(2026, 1, 5)
  return {
    id: nextId(),
    name,
    description: emptyRichText(),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  } as CatalogItem
}

export const worksAt = (target: Company) => ({ relationTo: 'companies', value: target.id })

/**
 * 7 in Sales, 3 in IT, 2 in Engineering, 1 without a department (13 contacts).
 * Acme has 4 contacts, Globex 4, Initech 2, Umbrella 1; 2 contacts have no company.
 * 2 of 3 industries, 0 of 1 service and 1 of 2 products have an image.
 */
export async function seedDashboard(db: OutpostDb) {
  const acme = company('Acme')
  const globex = company('Globex')
  const initech = company('Initech')
  const umbrella = company('Umbrella')
  const idle = company('Idle Ltd')
  const plan: [string, Company | null, number][] = [
    ['Sales', acme, 4],
    ['Sales', globex, 3],
    ['IT', globex, 1],
    ['IT', initech, 2],
    ['Engineering', umbrella, 1],
    ['Engineering', null, 1],
    ['', null, 1],
  ]
  const contacts = plan.flatMap(([department, employer, count]) =>
    Array.from({ length: count }, () =>
      contact({ department, company: employer ? worksAt(employer) : null }),
    ),
  )
  await db.contacts.bulkAdd(contacts)
  await db.companies.bulkAdd([acme, globex, initech, umbrella, idle])
  await db.industries.bulkAdd([
    catalogItem('Aviation', { industryImage: { id: 'i1', filename: 'a.png' } }),
    catalogItem('Shipping', { industryImage: { id: 'i2', filename: 'b.png' } }),
    catalogItem('Rail', { industryImage: null }),
  ])
  await db.services.bulkAdd([catalogItem('Repairs', { serviceImage: null })])
  await db.products.bulkAdd([
    catalogItem('Bolt', { productImage: { id: 'p1', filename: 'c.png' } }),
    catalogItem('Nut', { productImage: null }),
  ])
  return { acme, globex, initech, umbrella, idle, contacts }
}
