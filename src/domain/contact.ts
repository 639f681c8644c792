/** The contact entity: its fields, its write schema and its search. */
import * as v from 'valibot'
import {
  type EntityFields,
  entitySchemas,
  optionalEmail,
  relationTo,
  requiredText,
  type StoredOf,
  text,
  webHref,
} from './fields'

export const DEPARTMENTS = [
  'Planning',
  'Engineering',
  'Logistics',
  'Turnaround',
  'Sales',
  'IT',
  'Maintenance',
  'Vendor',
] as const

/**
 * A profile's web address, as pasted ('https://www.linkedin.com/in/ada') or typed without its scheme
 * ('linkedin.com/in/ada'): it must name a host with a dot, over http or https.
 */
/** http(s) with a host that has a dot. (URL.parse would do, but iPads before Safari 18 lack it.) */
function isWebAddress(href: string) {
  try {
    const url = new URL(href)
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.')
  } catch {
    return false
  }
}

const profileAddress = v.pipe(
  text(300),
  v.check((value) => value === '' || isWebAddress(webHref(value)), 'Must be a web address (http or https).'),
)

/** Every record the API answers carries these. */
export interface DocMeta {
  id: string
  version: number
  createdAt: string
  updatedAt: string
}

export type Contact = ContactFields & DocMeta

/** A contact's fields, each said once (fields.ts): the server's table and migration are the rest of it. */
export const contactFields = {
  firstName: {
    aliases: ['first', 'given name', 'forename'],
    label: 'First Name',
    widget: 'text',
    schema: requiredText(100),
    listed: { column: 1, kind: 'primary', cardTitleWith: 'lastName' },
    namePart: true,
    searched: true,
    global: 'text',
    duplicate: { match: 'together', as: 'text', said: 'the same name at the same company' },
  },
  lastName: {
    aliases: ['last', 'surname', 'family name'],
    label: 'Last Name',
    widget: 'text',
    schema: text(100),
    // A contact list is ordered by family name.
    listed: { column: 2, order: true },
    namePart: true,
    searched: true,
    global: 'text',
    duplicate: { match: 'together', as: 'text', said: 'the same name at the same company' },
  },
  title: {
    aliases: ['job title', 'position', 'role'],
    label: 'Title',
    widget: 'text',
    schema: text(100),
    listed: { column: 5, hideBelow: 'xl' },
    global: 'text',
    bulk: true,
  },
  department: {
    label: 'Department',
    widget: 'select',
    schema: v.picklist(['', ...DEPARTMENTS], 'Must be one of the departments.'),
    choices: { values: DEPARTMENTS, none: 'No department' },
    figure: 'by',
    bulk: true,
    // Found by its label, which is what it stores: "engineering" finds everyone in Engineering.
    global: 'text',
  },
  email: {
    aliases: ['e-mail', 'email address', 'mail'],
    label: 'Email',
    widget: 'email',
    schema: optionalEmail,
    listed: { column: 3, kind: 'email' },
    searched: true,
    global: 'text',
    card: { line: 1, action: 'Email {name}' },
    duplicate: { match: 'alone', as: 'text', said: 'the same email' },
  },
  phone: {
    aliases: ['phone number', 'telephone', 'tel', 'work phone', 'office phone', 'business phone'],
    label: 'Phone',
    widget: 'tel',
    schema: text(40),
    listed: { column: 4 },
    global: 'phone',
    card: { line: 2, action: 'Call {name}' },
    duplicate: { match: 'alone', as: 'digits', said: 'the same phone number' },
  },
  mobile: {
    aliases: ['mobile phone', 'mobile number', 'cell', 'cell phone'],
    label: 'Mobile',
    widget: 'tel',
    schema: text(40),
    global: 'phone',
    card: { line: 3, action: "Call {name}'s mobile", icon: 'mobile' },
    duplicate: { match: 'alone', as: 'digits', said: 'the same phone number' },
  },
  linkedIn: {
    aliases: ['linkedin url', 'linkedin profile'],
    label: 'LinkedIn',
    widget: 'url',
    schema: profileAddress,
    listed: { column: 6, kind: 'link', hideBelow: 'xl' },
    card: { line: 4, action: "Open {name}'s LinkedIn profile" },
  },
  company: {
    aliases: [
      'company name',
      'organisation',
      'organisation name',
      'organization',
      'organization name',
      'account',
      'account name',
      'employer',
    ],
    label: 'Company',
    ...relationTo('companies', {
      createField: 'companyName',
      createLabel: 'Add New Company',
      emptyText: 'No companies match',
    }),
    card: { line: 5 },
    figure: 'by',
    bulk: true,
    duplicate: { match: 'together', as: 'text', said: 'the same name at the same company' },
  },
} as const satisfies EntityFields

export type ContactFields = StoredOf<typeof contactFields>

export const contactSchemas = entitySchemas(contactFields, ['firstName'])

/** Values as they are stored: the relationship reduced to its id. */
export type ContactWrite = v.InferOutput<typeof contactSchemas.create>
