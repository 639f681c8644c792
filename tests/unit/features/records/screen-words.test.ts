/**
 * Every screen is made by one builder from its entity's words and fields (screens.ts): this holds the
 * product's words and forms, word for word, so that a change to the builder cannot change what staff read.
 */
import { describe, expect, it } from 'vitest'
import { screens } from '../../../../src/features/records/screens'

const wordsOf = (collection: keyof typeof screens) => {
  const { listKey, nav, titles, texts, emailField } = screens[collection]
  return { listKey, nav: nav.label, titles, texts, emailField }
}

describe('the screens’ words', () => {
  it('are the contacts’', () => {
    expect(wordsOf('contacts')).toEqual({
      listKey: 'contact',
      nav: 'Contacts',
      titles: {
        list: 'Contacts',
        add: 'Add Contact',
        edit: 'Edit Contact',
        trash: 'Contacts Trash',
        merge: 'Merge Contacts',
        import: 'Import Contacts',
      },
      texts: {
        listHeading: 'All Contacts',
        addButton: 'Add Contact',
        addHeading: 'Add a Contact',
        saveButton: 'Save Contact',
        updateButton: 'Update Contact',
        plural: 'contacts',
        emptyHint: 'Contacts you add are saved on this device and synced when online.',
        firstButton: 'Add your first contact',
      },
      emailField: 'email',
    })
  })

  it('are the companies’, whose add screen is headed Create A Company', () => {
    expect(wordsOf('companies')).toEqual({
      listKey: 'company',
      nav: 'Companies',
      titles: {
        list: 'Companies',
        add: 'Add Company',
        edit: 'Edit Company',
        trash: 'Companies Trash',
        merge: 'Merge Companies',
        import: 'Import Companies',
      },
      texts: {
        listHeading: 'All Companies',
        addButton: 'Add Company',
        addHeading: 'Create A Company',
        saveButton: 'Save Company',
        updateButton: 'Update Company',
        plural: 'companies',
        emptyHint: 'Companies you add are saved on this device and synced when online.',
        firstButton: 'Add your first company',
      },
      emailField: 'email',
    })
  })

  it('are each catalog entity’s, with no email button', () => {
    expect(wordsOf('industries')).toEqual({
      listKey: 'industry',
      nav: 'Industries',
      titles: {
        list: 'Industries',
        add: 'Add Industry',
        edit: 'Edit Industry',
        trash: 'Industries Trash',
        merge: 'Merge Industries',
        import: 'Import Industries',
      },
      texts: {
        listHeading: 'All Industries',
        addButton: 'Add Industry',
        addHeading: 'Add an Industry',
        saveButton: 'Save Industry',
        updateButton: 'Update Industry',
        plural: 'industries',
        emptyHint: 'Industries you add are saved on this device and synced when online.',
        firstButton: 'Add your first industry',
      },
      emailField: undefined,
    })
    expect(screens.services.titles.add).toBe('Add Service')
    expect(screens.services.texts.addHeading).toBe('Add a Service')
    expect(screens.products.nav.label).toBe('Products')
    expect(screens.products.texts.emptyHint).toBe(
      'Products you add are saved on this device and synced when online.',
    )
  })

  it('go with paths under the collection’s own name', () => {
    expect(screens.companies.paths).toEqual({
      section: '/companies',
      list: '/companies/list',
      add: '/companies/add',
      edit: '/companies/edit/$id',
      trash: '/companies/trash',
      merge: '/companies/merge/$id',
      import: '/companies/import',
    })
  })
})

describe('the add and edit forms', () => {
  const fields = (collection: keyof typeof screens, form: 'addFields' | 'editFields') =>
    screens[collection][form].map(({ name, widget, rows }) => `${name}:${widget}${rows ? `:${rows}` : ''}`)

  it('show every field of a contact and a company, alike when adding and editing', () => {
    const contact = [
      'firstName:text',
      'lastName:text',
      'title:text',
      'department:select',
      'email:email',
      'phone:tel',
      'mobile:tel',
      'linkedIn:url',
      'company:relation',
    ]
    expect(fields('contacts', 'addFields')).toEqual(contact)
    expect(fields('contacts', 'editFields')).toEqual(contact)
    const company = ['companyName:text', 'address:textarea:3', 'website:url', 'email:email', 'mainPhone:tel']
    expect(fields('companies', 'addFields')).toEqual(company)
    expect(fields('companies', 'editFields')).toEqual(company)
  })

  it('add a catalog item with its words as plain text in an 8-row box, the editor and image left to editing', () => {
    expect(fields('services', 'addFields')).toEqual(['name:text', 'description:richTextPlain:8'])
    expect(fields('services', 'editFields')).toEqual([
      'name:text',
      'description:richText',
      'serviceImage:image',
    ])
  })
})
