/** The contact entity: its fields, its write schema and its search. */
import * as v from 'valibot'
import { optionalEmail, type Relationship, relationship, requiredText, text, writeSchemas } from './fields'

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

export interface ContactFields {
  firstName: string
  lastName: string
  title: string
  department: string
  email: string
  phone: string
  mobile: string
  company: Relationship | null
}

/** Every record the API answers carries these. */
export interface DocMeta {
  id: string
  version: number
  createdAt: string
  updatedAt: string
}

export type Contact = ContactFields & DocMeta

export const contactFieldSchemas = {
  firstName: requiredText(100),
  lastName: text(100),
  title: text(100),
  department: v.picklist(['', ...DEPARTMENTS], 'Must be one of the departments.'),
  email: optionalEmail,
  phone: text(40),
  mobile: text(40),
  company: relationship('companies'),
}

export const contactSchemas = writeSchemas(
  contactFieldSchemas,
  { lastName: '', title: '', department: '', email: '', phone: '', mobile: '', company: null },
  ['firstName'],
)

/** Values as they are stored: the relationship reduced to its id. */
export type ContactWrite = v.InferOutput<typeof contactSchemas.create>

/** contacts are searched with where-or like on firstName, email, lastName. */
export const CONTACT_SEARCH_FIELDS = ['firstName', 'email', 'lastName'] as const
export const CONTACT_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'title',
  'department',
  'updatedAt',
] as const
