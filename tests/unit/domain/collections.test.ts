/**
 * An entity is defined once (src/domain, each field with its roles); the server's table is the one
 * thing written beside it (the device's stores derive from it: tests/unit/db/stores.test.ts). This
 * holds them together: a field defined but not stored (or stored but not defined), or a searched field
 * or a list order the server cannot search or sort by fast, fails here rather than in a user's hands.
 */
import { getTableConfig } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { collectionByName } from '../../../server/collections/registry'
import { COLLECTION_NAMES, collections } from '../../../src/domain/collections'
import { fieldsWith } from '../../../src/domain/fields'
import { globalSearchFields } from '../../../src/domain/global-search'
import { screens } from '../../../src/features/records/screens'

const serverKind = { relation: 'relation', image: 'image', richText: 'richText' } as const

describe.each(COLLECTION_NAMES)('%s, as defined', (name) => {
  const spec = collections[name]
  const server = collectionByName.get(name)
  if (!server) throw new Error(`${name} has no server table`)

  it("is the server table's fields, each stored as its widget says", () => {
    const defined = Object.entries(spec.fields).map(([field, { widget }]) => [
      field,
      serverKind[widget as keyof typeof serverKind] ?? (widget === 'richTextPlain' ? 'richText' : 'text'),
    ])
    const stored = server.fields.map((field) => [field.name, field.kind])
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(defined))
  })

  it('is searched by the server through an index on each searched field, and ordered by one', () => {
    const { indexes } = getTableConfig(server.table)
    // A trigram index holds the column alone; the list order's holds lower(column), the id and the column,
    // over live rows only (server/db/tables/records.ts).
    const indexed = (column: string, method: 'gin' | 'btree') =>
      indexes.some(
        ({ config }) =>
          config.method === method &&
          (method === 'gin' || config.where !== undefined) &&
          config.columns.some((each) => 'name' in each && each.name === column),
      )
    for (const field of spec.searchFields) {
      const { query } = server.byName.get(field) ?? {}
      expect(query && indexed(query.name, 'gin'), `${name}.${field} has a trigram index`).toBe(true)
    }
    const sort = server.byName.get(spec.defaultSort)?.column.name ?? ''
    expect(indexed(sort, 'btree'), `${name} is ordered by an index on ${sort}`).toBe(true)
  })
})

describe('the roles the fields are given', () => {
  it("search the product's fields in each list and in the top bar", () => {
    expect(collections.contacts.searchFields).toEqual(['firstName', 'lastName', 'email'])
    expect(collections.companies.searchFields).toEqual(['companyName', 'address', 'website', 'email'])
    for (const catalog of ['industries', 'services', 'products'] as const) {
      expect(collections[catalog].searchFields).toEqual(['name', 'description'])
      expect(globalSearchFields(catalog)).toEqual({ text: ['name', 'description'], phones: [] })
    }
    expect(globalSearchFields('contacts')).toEqual({
      text: ['firstName', 'lastName', 'title', 'department', 'email', 'phone', 'mobile'],
      phones: ['phone', 'mobile'],
    })
    expect(globalSearchFields('companies')).toEqual({
      text: ['companyName', 'address', 'website', 'email', 'mainPhone'],
      phones: ['mainPhone'],
    })
  })

  it("make each list's columns, in their order, headed by the fields' labels", () => {
    const headers = (collection: keyof typeof screens) =>
      screens[collection].columns.map(({ header, kind }) => `${header}${kind ? ` (${kind})` : ''}`)
    expect(headers('contacts')).toEqual([
      'First Name (primary)',
      'Last Name',
      'Email (email)',
      'Phone',
      'Title',
      'LinkedIn (link)',
    ])
    expect(screens.contacts.columns[0]?.cardTitleWith).toBe('lastName')
    expect(screens.contacts.columns.at(-1)?.hideBelow).toBe('xl')
    expect(headers('companies')).toEqual(['Company Name (primary)', 'Website (link)', 'Phone'])
    expect(headers('services')).toEqual(['Service Name (primary)', 'Description (richText)'])
  })

  it('point each relation field at the collection its definition names, and nothing else', () => {
    expect(collections.contacts.relations).toEqual({ company: 'companies' })
    for (const collection of COLLECTION_NAMES) {
      for (const target of Object.values(collections[collection].relations)) {
        expect(COLLECTION_NAMES).toContain(target)
      }
      if (collection !== 'contacts') expect(collections[collection].relations).toEqual({})
    }
  })

  it('count contacts on the dashboard by department and by company, and nothing else by a field', () => {
    for (const collection of COLLECTION_NAMES) {
      expect(fieldsWith(collections[collection].fields, 'figure')).toEqual(
        collection === 'contacts' ? ['department', 'company'] : [],
      )
    }
  })

  it('number every list column once, from 1, the row name first', () => {
    for (const collection of COLLECTION_NAMES) {
      const columns = Object.values(collections[collection].fields).flatMap(({ listed }) =>
        listed?.column === undefined ? [] : [listed],
      )
      expect(columns.map(({ column }) => column).sort()).toEqual(columns.map((_, i) => i + 1))
      expect(columns.find(({ column }) => column === 1)?.kind).toBe('primary')
    }
  })
})
