/**
 * The registry of synced collections: what the server exposes under
 * /api/{path} and the client mirrors, with the words the UI uses for it.
 */
import { CATALOG, type CatalogItem, type CatalogName, catalogFields, catalogSchemas } from './catalog'
import { type Company, companyFields, companySchemas } from './company'
import { type Contact, contactFields, contactSchemas } from './contact'
import {
  defaultSortOf,
  displayNameOf,
  type EntityFields,
  fieldsWith,
  joinedTexts,
  relationsOf,
  sortsList,
  type WriteSchemas,
} from './fields'
import type { ImageKind } from './images'
import { userSchemas } from './user'

export interface CollectionSpec {
  /** URL segment and change-feed name. */
  path: string
  /** The word in the product's texts: 'This {label} has been updated successfully.' */
  label: string
  /**
   * The fields defined `searched`: a per-field `like` on them (Payload clients') has a trigram index
   * on the server. The app's own searches follow one rule over the `global` fields (global-search.ts).
   */
  searchFields: readonly string[]
  /**
   * The list's order, and the one IndexedDB index each collection keeps (src/db/stores.ts): the field
   * listed with `order`.
   */
  defaultSort: string
  /**
   * The fields a list of the collection shows (its columns, a card's title, a
   * row's actions), those defined `listed`: the list index keeps them in memory,
   * so any page of the list paints without reading IndexedDB (src/db/mirror-index.ts).
   */
  listFields: readonly string[]
  /**
   * Each field said once, in the forms' order: its check, label and widget (fields.ts). The account has
   * none here: My Profile and the staff screens have forms of their own.
   */
  fields?: EntityFields
  /** The checks of a create and of a patch, the same on the device and on the server (fields.ts). */
  schemas: WriteSchemas
  /**
   * Fields that point at a record of another collection (a create must wait for that record's create),
   * from the fields' `relation` roles.
   */
  relations: Readonly<Record<string, string>>
  /** The image reference field, for the catalog entities. */
  image?: { field: string; kind: ImageKind }
  /** What a record is called in 'Delete {name}?': its `namePart` fields. */
  displayName: (doc: object) => string
}

/** The words a collection staff work with is called by, besides `label` ('contact'). */
interface EntityWords {
  label: string
  /** A record, as a title: 'Add Contact', 'Edit Industry', 'Save Company'. */
  title: string
  /** The records, as a title: the list's and the sidebar's 'Contacts', 'All Industries'. */
  plural: string
}

/** A collection staff list, add and edit: its fields are declared, and its screens' words. */
export type EntitySpec = CollectionSpec & EntityWords & { fields: EntityFields }

/**
 * A collection staff work with, from its entity's fields: what it searches, lists, orders by, points at
 * and calls a record all come from the fields' roles (fields.ts).
 */
function entityCollection(
  path: string,
  words: EntityWords,
  fields: EntityFields,
  schemas: WriteSchemas,
  image?: CollectionSpec['image'],
): EntitySpec {
  return {
    path,
    ...words,
    searchFields: fieldsWith(fields, 'searched'),
    defaultSort: defaultSortOf(fields),
    listFields: fieldsWith(fields, 'listed'),
    fields,
    schemas,
    relations: relationsOf(fields),
    ...(image && { image }),
    displayName: displayNameOf(fields),
  }
}

export const contactsCollection = entityCollection(
  'contacts',
  { label: 'contact', title: 'Contact', plural: 'Contacts' },
  contactFields,
  contactSchemas,
)

export const companiesCollection = entityCollection(
  'companies',
  { label: 'company', title: 'Company', plural: 'Companies' },
  companyFields,
  companySchemas,
)

function catalogCollection(name: CatalogName): EntitySpec {
  const { label, title, plural, imageField, imageKind } = CATALOG[name]
  return entityCollection(name, { label, title, plural }, catalogFields(name), catalogSchemas(name), {
    field: imageField,
    kind: imageKind,
  })
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
 * A number of a collection's records in the product's texts: '12 contacts', '1 contact' (a collection's
 * path is its records' word, as the list's 'Select all' says it too).
 */
export const counted = (collection: CollectionName, n: number) =>
  `${n.toLocaleString('en')} ${n === 1 ? collections[collection].label : collections[collection].path}`

/**
 * The fields a list's headers sort it by (`sortsList`) but its own order's, in the list's order: what
 * the device makes sort keys and orders of ahead of a click (src/db/mirror-index.ts).
 */
export function headerSorts(collection: CollectionName): string[] {
  const { fields, listFields, defaultSort } = collections[collection]
  return listFields.filter((field) => {
    const definition = fields?.[field]
    return field !== defaultSort && definition !== undefined && sortsList(definition)
  })
}

/** One value made for each collection, by name (a table of what each derives from its definition). */
export const perCollection = <T>(make: (name: CollectionName) => T) =>
  Object.fromEntries(COLLECTION_NAMES.map((name) => [name, make(name)])) as Record<CollectionName, T>

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
  defaultSort: 'email',
  listFields: [],
  schemas: userSchemas,
  relations: {},
  image: { field: 'userImage', kind: 'user-image' },
  // The account has no field definitions here (My Profile has a form of its own): its name is said here.
  displayName: (doc) => {
    const { firstName, lastName, email } = doc as Record<string, unknown>
    return joinedTexts([firstName, lastName]) || joinedTexts([email])
  },
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
