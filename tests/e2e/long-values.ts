/**
 * Records with long real values (titles, emails, company names and addresses
 * of 60 characters and more), made through the API as another device would,
 * for the layout tests: what the screens must fit at every size.
 */
import { apiSession } from './server-process'

export const LONG = {
  company: {
    companyName: 'Northern Atlantic Offshore Engineering and Maintenance Services Holdings Ltd',
    address:
      'Unit 14B, Harbourside Industrial Estate, 2250 North Shore Boulevard\nAberdeen AB11 5QN\nScotland',
    website: 'www.northern-atlantic-offshore-engineering-and-maintenance.co.uk/en-gb/about-us',
    email: 'procurement.and.supplier.relations@northern-atlantic-offshore-engineering.co.uk',
    mainPhone: '+44 (0)1224 555 0198 extension 20451',
  },
  contact: {
    firstName: 'Maximiliana-Alexandrina',
    lastName: 'Vandenberghe-Oyelaran-Castellanos',
    title: 'Senior Vice President, Regional Turnaround Planning and Logistics Operations',
    department: 'Turnaround',
    email: 'maximiliana.vandenberghe-oyelaran@northern-atlantic-offshore-engineering.co.uk',
    phone: '+44 (0)1224 555 0142 extension 31877',
    mobile: '+44 (0)7700 900 461 (weekdays only)',
    linkedIn:
      'https://www.linkedin.com/in/maximiliana-alexandrina-vandenberghe-oyelaran-castellanos-4b7a91c2',
  },
  /** One per catalog list: industries, services and products. */
  catalogName: 'Offshore Decommissioning, Subsea Inspection, Repair and Maintenance Engineering',
  description:
    'Planned and reactive subsea inspection, repair and maintenance of pipelines, risers and mooring systems across the North Sea and the Norwegian continental shelf, with remotely operated vehicles and saturation diving teams on call around the clock.',
  staff: {
    firstName: 'Konstantina-Evangelia',
    lastName: 'Papadopoulou-Williamson',
    email: 'konstantina.papadopoulou-williamson@northern-atlantic-offshore-engineering.co.uk',
    password: 'layout-test-pass-9241',
    role: 'user',
  },
} as const

export const contactName = `${LONG.contact.firstName} ${LONG.contact.lastName}`
export const staffName = `${LONG.staff.firstName} ${LONG.staff.lastName}`

/** The id of each record made, by the list it shows in. */
export type SeededIds = Record<
  'contacts' | 'companies' | 'industries' | 'services' | 'products' | 'staff',
  string
>

export async function seedLongValues(url: string): Promise<SeededIds> {
  const api = await apiSession(url)
  type Made = { doc: { id: string } }
  const company = await api.post<Made>('companies', LONG.company)
  const contact = await api.post<Made>('contacts', { ...LONG.contact, company: company.doc.id })
  const description = [{ type: 'paragraph', children: [{ text: LONG.description }] }]
  const [industries, services, products] = await Promise.all(
    (['industries', 'services', 'products'] as const).map((collection) =>
      api.post<Made>(collection, { name: LONG.catalogName, description }),
    ),
  )
  const staff = await api.post<Made>('users', LONG.staff)
  return {
    contacts: contact.doc.id,
    companies: company.doc.id,
    industries: (industries as Made).doc.id,
    services: (services as Made).doc.id,
    products: (products as Made).doc.id,
    staff: staff.doc.id,
  }
}

/**
 * A spreadsheet of contacts for the import screen, with long values: a long file name, long names,
 * titles, emails and a new company's long name, a row that repeats the seeded contact (so the
 * duplicates' choice shows) and one the checks refuse.
 */
export const LONG_IMPORT = {
  name: 'northern-atlantic-offshore-engineering-contacts-exported-from-the-old-crm-2026-final-version-3.csv',
  csv: [
    'First Name,Last Name,Job title,Department,Email,Phone,Mobile,Company,LinkedIn',
    [
      LONG.contact.firstName,
      LONG.contact.lastName,
      `"${LONG.contact.title}"`,
      LONG.contact.department,
      LONG.contact.email,
      LONG.contact.phone,
      LONG.contact.mobile,
      LONG.company.companyName,
      LONG.contact.linkedIn,
    ].join(','),
    [
      'Bartholomew-Alessandro',
      'Montgomery-Fitzwilliam-Oyelaran',
      '"Head of Subsea Integrity Management, Pipelines, Risers and Mooring Systems"',
      'Engineering',
      'bartholomew.montgomery-fitzwilliam@north-sea-decommissioning-and-subsea-services.co.uk',
      '+44 (0)1224 555 0177 extension 40210',
      '',
      '"North Sea Decommissioning, Subsea Inspection and Repair Services International Group plc"',
      '',
    ].join(','),
    'Ken,Thompson-Ritchie,,,not an email address at all but a sentence somebody typed into the column,,,,',
  ].join('\r\n'),
} as const
