/**
 * The registry of synced collections: what the server exposes under
 * /api/{path} and the client mirrors, with the words the UI uses for it.
 */
import {
  CATALOG,
  CATALOG_SEARCH_FIELDS,
  CATALOG_SORT_FIELDS,
  type CatalogItem,
  type CatalogName,
  catalogSchemas,
} from './catalog'
import { COMPANY_SEARCH_FIELDS, COMPANY_SORT_FIELDS, type Company, companySchemas } from './company'
import { CONTACT_SEARCH_FIELDS, CONTACT_SORT_FIELDS, type Contact, contactSchemas } from './contact'
import type { ImageKind } from './images'
import { userSchemas } from './user'

export interface CollectionSpec {
  /** URL segment and change-feed name. */
  path: string
  /** The word in the product's texts: 'This {label} has been updated successfully.' */
  label: string
  searchFields: readonly string[]
  sortFields: readonly string[]
  defaultSort: string
  /**
   * The fields a list of the collection shows (its columns, a card's title, a
   * row's actions): the list index keeps them in memory, so any page of the
   * list paints without reading IndexedDB (src/db/mirror-index.ts).
   */
  listFields: readonly string[]
  schemas: { create: unknown; patch: unknown }
  /** Fields that point at a record of another collection (a create must wait for that record's create). */
  relations: Readonly<Record<string, string>>
  /** The image reference field, for the catalog entities. */
  image?: { field: string; kind: ImageKind }
  /** What a record is called in 'Delete {name}?' */
  displayName: (doc: object) => string
}

const joined = (...parts: unknown[]) => parts.filter((part) => typeof part === 'string' && part).join(' ')
const field = (doc: object, name: string) => (doc as Record<string, unknown>)[name]

export const contactsCollection: CollectionSpec = {
  path: 'contacts',
  label: 'contact',
  searchFields: CONTACT_SEARCH_FIELDS,
  sortFields: CONTACT_SORT_FIELDS,
  defaultSort: 'lastName',
  listFields: ['firstName', 'lastName', 'email', 'phone', 'title'],
  schemas: contactSchemas,
  relations: { company: 'companies' },
  displayName: (doc) => joined(field(doc, 'firstName'), field(doc, 'lastName')),
}

export const companiesCollection: CollectionSpec = {
  path: 'companies',
  label: 'company',
  searchFields: COMPANY_SEARCH_FIELDS,
  sortFields: COMPANY_SORT_FIELDS,
  defaultSort: 'companyName',
  listFields: ['companyName', 'website', 'mainPhone', 'email'],
  schemas: companySchemas,
  relations: {},
  displayName: (doc) => joined(field(doc, 'companyName')),
}

function catalogCollection(name: CatalogName): CollectionSpec {
  const { label, imageField, imageKind } = CATALOG[name]
  return {
    path: name,
    label,
    searchFields: CATALOG_SEARCH_FIELDS,
    sortFields: CATALOG_SORT_FIELDS,
    defaultSort: 'name',
    listFields: ['name', 'description'],
    schemas: catalogSchemas(name),
    relations: {},
    image: { field: imageField, kind: imageKind },
    displayName: (doc) => joined(field(doc, 'name')),
  }
}

export const collections = {
  contacts: contactsCollection,
  companies: companiesCollection,
  industries: catalogCollection('industries'),
  services: catalogCollection('services'),
  products: catalogCollection('products'),
} as const

export type CollectionName = keyof typeof collections
export const COLLECTION_NAMES = Object.keys(collections) as CollectionName[]

/**
 * The signed-in user's own account. The device mirrors it and queues its
 * edits like a record's (PATCH users/{id} with If-Match and `_base`), but it
 * is one row, read by the pull with GET users/{id}: it is in no change feed,
 * list, search or count.
 */
export const accountCollection: CollectionSpec = {
  path: 'users',
  label: 'profile',
  searchFields: [],
  sortFields: [],
  defaultSort: 'email',
  listFields: [],
  schemas: userSchemas,
  relations: {},
  image: { field: 'userImage', kind: 'user-image' },
  displayName: (doc) =>
    joined(field(doc, 'firstName'), field(doc, 'lastName')) || joined(field(doc, 'email')),
}

/** Everything the mirror holds and the outbox sends: the synced collections and one's own account. */
export const mirrored = { ...collections, users: accountCollection } as const
export type MirroredName = keyof typeof mirrored

/** Each collection's record type, so screens and hooks are typed by collection name alone. */
export interface RecordTypes {
  contacts: Contact
  companies: Company
  industries: CatalogItem
  services: CatalogItem
  products: CatalogItem
}
export type RecordOf<C extends CollectionName> = RecordTypes[C]
