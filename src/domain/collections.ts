/**
 * The registry of synced collections: what the server exposes under
 * /api/{path} and the client mirrors, with the words the UI uses for it.
 * Issue #3 adds companies and the three catalog entities here.
 */
import { CONTACT_SEARCH_FIELDS, CONTACT_SORT_FIELDS, type ContactFields, contactSchemas } from './contact'

export interface CollectionSpec {
  /** URL segment and change-feed name. */
  path: string
  /** The word in the product's texts: 'This {label} has been updated successfully.' */
  label: string
  searchFields: readonly string[]
  sortFields: readonly string[]
  defaultSort: string
  schemas: { create: unknown; patch: unknown }
  /** What a record is called in 'Delete {name}?' */
  displayName: (doc: Record<string, unknown>) => string
}

export const contactsCollection = {
  path: 'contacts',
  label: 'contact',
  searchFields: CONTACT_SEARCH_FIELDS,
  sortFields: CONTACT_SORT_FIELDS,
  defaultSort: 'lastName',
  schemas: contactSchemas,
  displayName: (doc: Partial<ContactFields>) => [doc.firstName, doc.lastName].filter(Boolean).join(' '),
} satisfies CollectionSpec & { schemas: typeof contactSchemas }

export const collections = { contacts: contactsCollection } as const
export type CollectionName = keyof typeof collections
export const COLLECTION_NAMES = Object.keys(collections) as CollectionName[]
