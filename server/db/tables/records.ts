/**
 * The synced collections' tables: contacts, companies, and the three catalog
 * tables (industries, services, products), which are one definition used three
 * times. Trigram indexes serve `like`/`contains` (ILIKE '%word%') on each list
 * screen's search fields; a (lower(sort field), id) index over live rows serves
 * the list's default order. Each table also keeps the texts the one search rule
 * reads (`where[search][like]`, src/domain/global-search.ts), written by the app.
 */
import { sql } from 'drizzle-orm'
import {
  type ExtraConfigColumn,
  index,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CatalogName } from '../../../src/domain/catalog'
import type { RichText } from '../../../src/domain/rich-text'
import { blank, docColumns } from '../columns'
import { images } from './images'

/**
 * A GIN index buffers new entries in a pending list that every search reads
 * through until a vacuum merges it (up to 4 MB by default). PGlite has no
 * autovacuum, so a smaller list bounds what a search pays for recent writes
 * (10 ms → 3.5 ms p95 at 100,000 contacts) while inserts stay cheap.
 */
const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops')).with({ gin_pending_list_limit: 512 })
/**
 * Tombstones only, for the daily purge (server/maintenance.ts): without it the
 * purge reads every live row of the table (~0.3 s at 100,000 contacts).
 */
const tombstoneIndex = (name: string, deletedAt: PgColumn) =>
  index(name).on(deletedAt).where(sql`${deletedAt} is not null`)
/**
 * The list order (collections/list-order.ts `sortValue`, the same expression): lowercased as
 * devices lowercase (ICU's root locale), compared by code point whatever the database's
 * collation. The column itself is the last key (the
 * unique id before it leaves it no say in the order) so that a deep page's
 * ids are read from the index alone: PostgreSQL only reads an expression index
 * without its table when the expression's column is in the index too.
 */
const sortIndex = (name: string, column: PgColumn, id: PgColumn, deletedAt: PgColumn) =>
  index(name)
    .on(sql`(lower(${column} collate "und-x-icu") collate "C")`, id, column)
    .where(sql`${deletedAt} is null`)

/**
 * The texts `where[search][like]` matches (server/collections/search-texts.ts): the record's
 * `global` fields folded as the devices fold them, a line each, and its phones' digits. The app
 * writes them with every write of the record, by the same code that the devices search with, so the
 * server and the devices cannot drift apart (docs/decisions/013-one-search-rule.md). NULL is a row
 * no write of this code has made yet (rows from before migration 0015, or inserted by SQL): the
 * start fills those (`fillSearchTexts`), found through the partial index below.
 */
const searchColumns = () => ({
  searchText: text('search_text'),
  searchPhones: text('search_phones'),
})

/** The trigram indexes of the search texts (the digits too, where the record has a phone), and the rows to fill. */
const searchIndexes = (
  name: string,
  t: { id: ExtraConfigColumn; searchText: ExtraConfigColumn; searchPhones: ExtraConfigColumn },
  phones: boolean,
) => [
  trigram(`${name}_search_text_trgm`, t.searchText),
  ...(phones ? [trigram(`${name}_search_phones_trgm`, t.searchPhones)] : []),
  index(`${name}_search_unfilled`).on(t.id).where(sql`${t.searchText} is null`),
]

export const companies = pgTable(
  'companies',
  {
    ...docColumns(),
    companyName: text('company_name').notNull(),
    address: blank('address'),
    website: blank('website'),
    email: blank('email'),
    mainPhone: blank('main_phone'),
    ...searchColumns(),
  },
  (t) => [
    uniqueIndex('companies_seq_idx').on(t.seq),
    // The list searches companyName, email, address; the company picker companyName, website, address.
    trigram('companies_company_name_trgm', t.companyName),
    trigram('companies_email_trgm', t.email),
    trigram('companies_address_trgm', t.address),
    trigram('companies_website_trgm', t.website),
    sortIndex('companies_company_name_sort', t.companyName, t.id, t.deletedAt),
    tombstoneIndex('companies_tombstones', t.deletedAt),
    ...searchIndexes('companies', t, true),
  ],
)

export const contacts = pgTable(
  'contacts',
  {
    ...docColumns(),
    firstName: text('first_name').notNull(),
    lastName: blank('last_name'),
    title: blank('title'),
    department: blank('department'),
    email: blank('email'),
    phone: blank('phone'),
    mobile: blank('mobile'),
    linkedIn: blank('linkedin'),
    // Written only to a live company (checked in the write); cleared when that company is deleted.
    company: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ...searchColumns(),
  },
  (t) => [
    uniqueIndex('contacts_seq_idx').on(t.seq),
    trigram('contacts_first_name_trgm', t.firstName),
    trigram('contacts_last_name_trgm', t.lastName),
    trigram('contacts_email_trgm', t.email),
    sortIndex('contacts_last_name_sort', t.lastName, t.id, t.deletedAt),
    tombstoneIndex('contacts_tombstones', t.deletedAt),
    // Finding the contacts of a company (cleared when it is deleted; where[company][equals]).
    index('contacts_company_idx').on(t.company),
    ...searchIndexes('contacts', t, true),
  ],
)

/**
 * One catalog table. The description is Slate JSON; `description_text` is its
 * plain text, rewritten on every write, for search and sort. The image column
 * is `image` in all three tables; the API names it industryImage, serviceImage
 * or productImage (server/collections/registry.ts).
 */
function catalogTable<const N extends CatalogName>(name: N) {
  return pgTable(
    name,
    {
      ...docColumns(),
      name: text('name').notNull(),
      description: jsonb('description').$type<RichText>().notNull(),
      descriptionText: blank('description_text'),
      image: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
      ...searchColumns(),
    },
    (t) => [
      uniqueIndex(`${name}_seq_idx`).on(t.seq),
      trigram(`${name}_name_trgm`, t.name),
      trigram(`${name}_description_trgm`, t.descriptionText),
      sortIndex(`${name}_name_sort`, t.name, t.id, t.deletedAt),
      tombstoneIndex(`${name}_tombstones`, t.deletedAt),
      ...searchIndexes(name, t, false),
    ],
  )
}

export const industries = catalogTable('industries')
export const services = catalogTable('services')
export const products = catalogTable('products')
