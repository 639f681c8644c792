/** The company entity: fields, write schemas and searches. */
import * as v from 'valibot'
import type { DocMeta } from './contact'
import { optionalEmail, requiredText, text, writeSchemas } from './fields'

export interface CompanyFields {
  companyName: string
  address: string
  website: string
  email: string
  mainPhone: string
}

export type Company = CompanyFields & DocMeta

/** A website as typed ("example.com" is fine); only a scheme other than http(s) is refused. */
const website = v.pipe(
  text(300),
  v.check(
    (value) => value === '' || !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value),
    'Must be a web address (http or https).',
  ),
)

export const companyFieldSchemas = {
  companyName: requiredText(200),
  address: text(500),
  website,
  email: optionalEmail,
  mainPhone: text(40),
}

export const companySchemas = writeSchemas(
  companyFieldSchemas,
  { address: '', website: '', email: '', mainPhone: '' },
  ['companyName'],
)

/** The list and the company picker search the name, email, address and website. */
export const COMPANY_SEARCH_FIELDS = ['companyName', 'email', 'address', 'website'] as const
export const COMPANY_SORT_FIELDS = ['companyName', 'website', 'email', 'mainPhone', 'updatedAt'] as const

/** A website as typed, as a link: "example.com" opens https://example.com. */
export const websiteHref = (website: string) =>
  /^https?:\/\//i.test(website) ? website : `https://${website}`
