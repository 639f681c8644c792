/**
 * One description per entity: what its screens show and say. The list, add
 * and edit pages, the routes and the sidebar entries are all built from these,
 * so an entity is configuration, not a copy of another's screens. An entity's
 * own folder holds only what is truly its own (a contact's info card, a
 * company's call buttons).
 */
import type { ComponentType } from 'react'
import { CATALOG, type CatalogName } from '../../domain/catalog'
import type { CollectionName } from '../../domain/collections'
import { DEPARTMENTS } from '../../domain/contact'
import { BoxIcon, BuildingIcon, ContactsIcon, FactoryIcon, WrenchIcon } from '../../ui/icons'
import { type FormField, formFields } from './form-fields'

export interface ColumnSpec {
  field: string
  header: string
  /**
   * primary: the row's name, with its sync badge; email: cut, not wrapped;
   * website: a link; richText: the description's words, shortened.
   */
  kind?: 'primary' | 'text' | 'email' | 'website' | 'richText'
  /**
   * A low-priority column gives way in the table on a small laptop (1024 to 1280 px).
   * Below 1024 px rows are cards that show every column.
   */
  hideBelow?: 'xl'
  /**
   * The primary column's companion in a card's title (below 1024 px): a contact's card is titled
   * with the first and last names, and the last-name column is left out of the card.
   */
  cardTitleWith?: string
}

/** A field of a form: its description in form-fields.ts, with the widget overridden where a screen differs. */
export interface ScreenField extends FormField {
  /** Visible rows of a textarea. */
  rows?: number
  /** A select's choices. */
  options?: readonly { value: string; label: string }[]
  /** What a relation points at, and what its picker offers to create. */
  relation?: {
    collection: CollectionName
    /** 'Add New Company' makes a record of the target with the typed text in this field. */
    createField: string
    createLabel: string
    emptyText: string
  }
}

export interface EntityScreen<C extends CollectionName = CollectionName> {
  collection: C
  /** The list's page, size and search are remembered under this key. */
  listKey: string
  /** The sidebar entry. */
  nav: { label: string; icon: ComponentType }
  /** Typed by collection, so links built from them are checked against the routes made from them. */
  paths: { section: `/${C}`; list: `/${C}/list`; add: `/${C}/add`; edit: `/${C}/edit/$id` }
  /** The routes' names (top bar and the browser tab). */
  titles: { list: string; add: string; edit: string }
  texts: {
    listHeading: string
    addButton: string
    addHeading: string
    saveButton: string
    updateButton: string
    /** 'contacts': in "No contacts yet", "Downloading contacts…". */
    plural: string
    emptyHint: string
    firstButton: string
  }
  addFields: readonly ScreenField[]
  editFields: readonly ScreenField[]
  columns: readonly ColumnSpec[]
  /** The row's and the record's email action, when the entity has an address. */
  emailField?: string
}

const field = (collection: CollectionName, name: string, extra: Partial<ScreenField> = {}): ScreenField => {
  const spec = (formFields[collection] as readonly FormField[]).find((candidate) => candidate.name === name)
  if (!spec) throw new Error(`${collection} has no form field ${name}`)
  return { ...spec, ...extra }
}

const departmentOptions = [
  { value: '', label: 'No department' },
  ...DEPARTMENTS.map((department) => ({ value: department, label: department })),
]

const companyRelation = {
  collection: 'companies',
  createField: 'companyName',
  createLabel: 'Add New Company',
  emptyText: 'No companies match',
} as const

const contactFields = [
  field('contacts', 'firstName'),
  field('contacts', 'lastName'),
  field('contacts', 'title'),
  field('contacts', 'department', { options: departmentOptions }),
  field('contacts', 'email'),
  field('contacts', 'phone'),
  field('contacts', 'mobile'),
  field('contacts', 'company', { relation: companyRelation }),
]

export const contactScreen: EntityScreen<'contacts'> = {
  collection: 'contacts',
  listKey: 'contact',
  nav: { label: 'Contacts', icon: ContactsIcon },
  paths: { section: '/contacts', list: '/contacts/list', add: '/contacts/add', edit: '/contacts/edit/$id' },
  titles: { list: 'Contacts', add: 'Add Contact', edit: 'Edit Contact' },
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
  addFields: contactFields,
  editFields: contactFields,
  columns: [
    { field: 'firstName', header: 'First Name', kind: 'primary', cardTitleWith: 'lastName' },
    { field: 'lastName', header: 'Last Name' },
    { field: 'email', header: 'Email', kind: 'email' },
    { field: 'phone', header: 'Phone' },
    { field: 'title', header: 'Title', hideBelow: 'xl' },
  ],
  emailField: 'email',
}

const companyFields = ['companyName', 'address', 'website', 'email', 'mainPhone'].map((name) =>
  field('companies', name, name === 'address' ? { rows: 3 } : {}),
)

export const companyScreen: EntityScreen<'companies'> = {
  collection: 'companies',
  listKey: 'company',
  nav: { label: 'Companies', icon: BuildingIcon },
  paths: {
    section: '/companies',
    list: '/companies/list',
    add: '/companies/add',
    edit: '/companies/edit/$id',
  },
  titles: { list: 'Companies', add: 'Add Company', edit: 'Edit Company' },
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
  addFields: companyFields,
  editFields: companyFields,
  columns: [
    { field: 'companyName', header: 'Company Name', kind: 'primary' },
    { field: 'website', header: 'Website', kind: 'website' },
    { field: 'mainPhone', header: 'Phone' },
  ],
  emailField: 'email',
}

const catalogIcons = { industries: FactoryIcon, services: WrenchIcon, products: BoxIcon }
const catalogPlural = { industries: 'Industries', services: 'Services', products: 'Products' }

function catalogScreen<C extends CatalogName>(collection: C): EntityScreen<C> {
  const { title, label, imageField } = CATALOG[collection]
  const plural = catalogPlural[collection]
  const lower = plural.toLowerCase()
  return {
    collection,
    listKey: label,
    nav: { label: plural, icon: catalogIcons[collection] },
    paths: {
      section: `/${collection}`,
      list: `/${collection}/list`,
      add: `/${collection}/add`,
      edit: `/${collection}/edit/$id`,
    },
    titles: { list: plural, add: `Add ${title}`, edit: `Edit ${title}` },
    texts: {
      listHeading: `All ${plural}`,
      addButton: `Add ${title}`,
      addHeading: `Add ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title}`,
      saveButton: `Save ${title}`,
      updateButton: `Update ${title}`,
      plural: lower,
      emptyHint: `${plural} you add are saved on this device and synced when online.`,
      firstButton: `Add your first ${label}`,
    },
    // Adding takes the words as plain text (an 8-row box); the edit screen has the rich-text editor and the image.
    addFields: [
      field(collection, 'name'),
      field(collection, 'description', { widget: 'richTextPlain', rows: 8 }),
    ],
    editFields: [field(collection, 'name'), field(collection, 'description'), field(collection, imageField)],
    columns: [
      { field: 'name', header: `${title} Name`, kind: 'primary' },
      { field: 'description', header: 'Description', kind: 'richText' },
    ],
  }
}

export const screens = {
  contacts: contactScreen,
  companies: companyScreen,
  industries: catalogScreen('industries'),
  services: catalogScreen('services'),
  products: catalogScreen('products'),
} as const satisfies { [C in CollectionName]: EntityScreen<C> }

export const SCREENS: readonly EntityScreen[] = Object.values(screens)
