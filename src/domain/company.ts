/** The company entity: fields, write schemas and searches. */
import * as v from 'valibot'
import type { DocMeta } from './contact'
import { type EntityFields, entitySchemas, optionalEmail, requiredText, type StoredOf, text } from './fields'

/** A website as typed ("example.com" is fine); only a scheme other than http(s) is refused. */
const website = v.pipe(
  text(300),
  v.check(
    (value) => value === '' || !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value),
    'Must be a web address (http or https).',
  ),
)

/** A company's fields, each said once (fields.ts): the server's table and migration are the rest of it. */
export const companyFields = {
  companyName: {
    aliases: ['name', 'company', 'organisation', 'organization', 'account name'],
    label: 'Company Name',
    widget: 'text',
    schema: requiredText(200),
    listed: { column: 1, kind: 'primary', order: true },
    namePart: true,
    searched: true,
    global: 'text',
    duplicate: { match: 'alone', as: 'text', said: 'the same name' },
  },
  address: {
    aliases: ['address', 'street address', 'postal address'],
    label: 'Company Address',
    widget: 'textarea',
    schema: text(500),
    rows: 3,
    searched: true,
    global: 'text',
  },
  website: {
    aliases: ['web', 'url', 'site', 'web site', 'homepage'],
    label: 'Website',
    widget: 'url',
    schema: website,
    listed: { column: 2, kind: 'link' },
    searched: true,
    global: 'text',
    card: { line: 3, action: "Open {name}'s website" },
    duplicate: { match: 'alone', as: 'web', said: 'the same website' },
  },
  // Each row keeps it for its 'Email' action.
  email: {
    aliases: ['email', 'e-mail'],
    label: 'Email Address',
    widget: 'email',
    schema: optionalEmail,
    listed: {},
    searched: true,
    global: 'text',
    card: { line: 2, label: 'Email', action: 'Email {name}' },
  },
  mainPhone: {
    aliases: ['main phone', 'phone number', 'telephone', 'tel'],
    label: 'Phone',
    widget: 'tel',
    schema: text(40),
    listed: { column: 3 },
    global: 'phone',
    card: { line: 1, action: 'Call {name}' },
  },
} as const satisfies EntityFields

export type CompanyFields = StoredOf<typeof companyFields>
export type Company = CompanyFields & DocMeta

export const companySchemas = entitySchemas(companyFields, ['companyName'])
