/**
 * An entity's write schemas from its field definitions (src/domain/fields.ts): each optional field
 * defaults to its widget's empty value. And which fields a list sorts by.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { catalogFields, catalogSchemas } from '../../../src/domain/catalog'
import { companyFields, companySchemas } from '../../../src/domain/company'
import { contactFields, contactSchemas } from '../../../src/domain/contact'
import {
  defaultSortOf,
  displayNameOf,
  emptyValues,
  type FieldDefinition,
  sortsList,
} from '../../../src/domain/fields'
import { emptyRichText } from '../../../src/domain/rich-text'

describe('entity write schemas', () => {
  it('fill what a create leaves out with each widget’s empty value', () => {
    expect(v.parse(contactSchemas.create, { firstName: 'Ada' })).toEqual({
      firstName: 'Ada',
      lastName: '',
      title: '',
      department: '',
      email: '',
      phone: '',
      mobile: '',
      linkedIn: '',
      company: null,
    })
    expect(v.parse(companySchemas.create, { companyName: 'Acme' })).toEqual({
      companyName: 'Acme',
      address: '',
      website: '',
      email: '',
      mainPhone: '',
    })
    expect(v.parse(catalogSchemas('products').create, { name: 'Pump' })).toEqual({
      name: 'Pump',
      description: emptyRichText(),
      productImage: null,
    })
  })

  it('give each create a description of its own, never one shared between records', () => {
    const first = v.parse(catalogSchemas('services').create, { name: 'Audit' })
    const second = v.parse(catalogSchemas('services').create, { name: 'Repair' })
    expect(first.description).toEqual(second.description)
    expect(first.description).not.toBe(second.description)
  })

  it('give a record with nothing typed yet every field empty, each empty value its own', () => {
    const fields = catalogFields('services')
    const first = emptyValues(fields)
    expect(first).toEqual({ name: '', description: emptyRichText(), serviceImage: null })
    expect(first.description).not.toBe(emptyValues(fields).description)
  })

  it('still require the required fields, and leave a patch’s absent fields absent', () => {
    expect(v.safeParse(contactSchemas.create, { lastName: 'Lovelace' }).success).toBe(false)
    expect(v.parse(contactSchemas.patch, { title: 'Countess' })).toEqual({ title: 'Countess' })
  })
})

describe('sortsList', () => {
  const sorted = (fields: Record<string, FieldDefinition>) =>
    Object.keys(fields).filter((name) => sortsList(fields[name] as FieldDefinition))

  it('sorts by a field listed with a column, whatever it shows as', () => {
    const plain: FieldDefinition = {
      label: 'Title',
      widget: 'text',
      schema: v.string(),
      listed: { column: 5 },
    }
    expect(sortsList(plain)).toBe(true)
    expect(sortsList({ ...plain, listed: { column: 1, kind: 'primary' } })).toBe(true)
    expect(sortsList({ ...plain, listed: { column: 3, kind: 'email' } })).toBe(true)
    expect(sortsList({ ...plain, listed: { column: 2, kind: 'link' } })).toBe(true)
  })

  it('does not sort by a rich-text column, one a list keeps without showing, or one it does not list', () => {
    const field: FieldDefinition = { label: 'Notes', widget: 'text', schema: v.string() }
    expect(sortsList({ ...field, widget: 'richText', listed: { column: 2, kind: 'richText' } })).toBe(false)
    expect(sortsList({ ...field, listed: {} })).toBe(false)
    expect(sortsList(field)).toBe(false)
  })

  it('is each entity’s shown columns but rich text', () => {
    expect(sorted(contactFields)).toEqual(['firstName', 'lastName', 'title', 'email', 'phone', 'linkedIn'])
    // The company's email is kept for its row's button, not shown: no order by it.
    expect(sorted(companyFields)).toEqual(['companyName', 'website', 'mainPhone'])
    // A catalog item's description is rich text.
    expect(sorted(catalogFields('products'))).toEqual(['name'])
  })
})

describe('defaultSortOf', () => {
  const column = (order?: true): FieldDefinition => ({
    label: 'Name',
    widget: 'text',
    schema: v.string(),
    listed: { column: 1, kind: 'primary', ...(order && { order }) },
  })

  it('is the one field listed with `order`', () => {
    expect(defaultSortOf(contactFields)).toBe('lastName')
    expect(defaultSortOf(companyFields)).toBe('companyName')
    expect(defaultSortOf(catalogFields('industries'))).toBe('name')
  })

  it('refuses an entity with no order, two, or one the list cannot sort by', () => {
    expect(() => defaultSortOf({ name: column() })).toThrow(/none/)
    expect(() => defaultSortOf({ name: column(true), other: column(true) })).toThrow(/name, other/)
    const hidden: FieldDefinition = { ...column(), listed: { order: true } }
    expect(() => defaultSortOf({ email: hidden })).toThrow(/email/)
  })
})

describe('displayNameOf', () => {
  it('calls a record by its name parts, in order, the empty and missing ones left out', () => {
    const contact = displayNameOf(contactFields)
    expect(contact({ firstName: 'Ada', lastName: 'Lovelace', title: 'Countess' })).toBe('Ada Lovelace')
    expect(contact({ firstName: 'Ada', lastName: '' })).toBe('Ada')
    expect(contact({ lastName: 'Lovelace', firstName: null })).toBe('Lovelace')
    expect(contact({})).toBe('')
    expect(displayNameOf(companyFields)({ companyName: 'Acme', address: 'Main St' })).toBe('Acme')
    expect(displayNameOf(catalogFields('services'))({ name: 'Audit', description: 'x' })).toBe('Audit')
  })
})
