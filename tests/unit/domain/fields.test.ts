/** An entity's write schemas from its field definitions (src/domain/fields.ts): each optional field defaults to its widget's empty value. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { catalogFields, catalogSchemas } from '../../../src/domain/catalog'
import { companySchemas } from '../../../src/domain/company'
import { contactSchemas } from '../../../src/domain/contact'
import { emptyValues } from '../../../src/domain/fields'
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
