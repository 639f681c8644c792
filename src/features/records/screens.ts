/**
 * One description per entity, made by one builder from its definition
 * (src/domain): what its screens show and say. The list, add and edit pages,
 * the routes and the sidebar entries are all built from these,
 * so an entity is configuration, not a copy of another's screens. An entity's
 * own folder holds only what is truly its own (a contact's info card, a
 * company's call buttons).
 */
import type { ComponentType } from 'react'
import { type CollectionName, collections } from '../../domain/collections'
import { fieldsWith, type ListRole, sortsList } from '../../domain/fields'
import { BoxIcon, BuildingIcon, ContactsIcon, FactoryIcon, WrenchIcon } from '../../ui/icons'
import type { FormField } from './form-fields'

/** A list column: its field, headed with the field's label, shown as its `listed` role says (src/domain/fields.ts). */
export interface ColumnSpec extends Omit<ListRole, 'column' | 'order'> {
  field: string
  header: string
  /** Whether the list sorts by it (its header is a button): every column but rich text (sortsList). */
  sortable: boolean
}

/** A field of a form: its definition in src/domain, with the widget overridden where a screen differs. */
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
  paths: {
    section: `/${C}`
    list: `/${C}/list`
    add: `/${C}/add`
    edit: `/${C}/edit/$id`
    trash: `/${C}/trash`
    merge: `/${C}/merge/$id`
    import: `/${C}/import`
  }
  /** The routes' names (top bar and the browser tab). */
  titles: { list: string; add: string; edit: string; trash: string; merge: string; import: string }
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
  /** What 'Edit selected' can set for a list's selection (the fields defined `bulk`); none: no such button. */
  bulkFields: readonly ScreenField[]
  columns: readonly ColumnSpec[]
  /** The row's and the record's email action, when the entity has an address. */
  emailField?: string
}

/** A field as its entity defines it (src/domain); `extra` is what one screen shows differently. */
function field(collection: CollectionName, name: string, extra: Partial<ScreenField> = {}): ScreenField {
  const definition = collections[collection].fields[name]
  if (!definition) throw new Error(`${collection} has no field ${name}`)
  const { label, widget, rows, choices, relation } = definition
  return {
    name,
    label,
    widget,
    ...(rows === undefined ? {} : { rows }),
    ...(choices && {
      options: [
        { value: '', label: choices.none },
        ...choices.values.map((value) => ({ value, label: value })),
      ],
    }),
    ...(relation && { relation: { ...relation, collection: relation.collection as CollectionName } }),
    ...extra,
  }
}

/** Every field the entity defines, in its order: what its add and edit forms show unless they differ. */
const definedFields = (collection: CollectionName) =>
  Object.keys(collections[collection].fields).map((name) => field(collection, name))

/** The list's columns: the fields listed with a column, in their columns' order. */
function columnsOf(collection: CollectionName): ColumnSpec[] {
  const { fields } = collections[collection]
  return Object.entries(fields)
    .filter(([, definition]) => definition.listed?.column !== undefined)
    .sort(([, a], [, b]) => (a.listed?.column ?? 0) - (b.listed?.column ?? 0))
    .map(([name, definition]) => {
      // The list's order is the collection's (its defaultSort), not how a column shows.
      const { column: _, order: __, ...shown } = definition.listed ?? {}
      return { field: name, header: definition.label, sortable: sortsList(definition), ...shown }
    })
}

/**
 * The add form: the entity's fields, except that rich text is typed as plain words (an 8-row box) and an
 * image waits for the edit screen, which has the rich-text editor and the image.
 */
const addFieldsOf = (collection: CollectionName) =>
  Object.entries(collections[collection].fields).flatMap(([name, { widget }]) =>
    widget === 'image'
      ? []
      : [field(collection, name, widget === 'richText' ? { widget: 'richTextPlain', rows: 8 } : {})],
  )

/** The address a row's and a record's email button writes to: the email field each row keeps, if any. */
const emailFieldOf = (collection: CollectionName) => {
  const { fields } = collections[collection]
  return Object.keys(fields).find((name) => fields[name]?.widget === 'email' && fields[name]?.listed)
}

/** Each sidebar entry's icon: a drawing, which the definitions in src/domain (no React there) cannot hold. */
const icons: Record<CollectionName, ComponentType> = {
  contacts: ContactsIcon,
  companies: BuildingIcon,
  industries: FactoryIcon,
  services: WrenchIcon,
  products: BoxIcon,
}

/**
 * An entity's screens from its definition: its words (`label`, `title`, `plural`, collections.ts) make
 * every title and text, its fields the forms and columns. `own` holds a text the product words
 * otherwise than the rest.
 */
function entityScreen<C extends CollectionName>(
  collection: C,
  own: Partial<EntityScreen['texts']> = {},
): EntityScreen<C> {
  const { title, label, plural } = collections[collection]
  const emailField = emailFieldOf(collection)
  return {
    collection,
    listKey: label,
    nav: { label: plural, icon: icons[collection] },
    paths: {
      section: `/${collection}`,
      list: `/${collection}/list`,
      add: `/${collection}/add`,
      edit: `/${collection}/edit/$id`,
      trash: `/${collection}/trash`,
      merge: `/${collection}/merge/$id`,
      import: `/${collection}/import`,
    },
    titles: {
      list: plural,
      add: `Add ${title}`,
      edit: `Edit ${title}`,
      trash: `${plural} Trash`,
      merge: `Merge ${plural}`,
      import: `Import ${plural}`,
    },
    texts: {
      listHeading: `All ${plural}`,
      addButton: `Add ${title}`,
      addHeading: `Add ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title}`,
      saveButton: `Save ${title}`,
      updateButton: `Update ${title}`,
      plural: plural.toLowerCase(),
      emptyHint: `${plural} you add are saved on this device and synced when online.`,
      firstButton: `Add your first ${label}`,
      ...own,
    },
    addFields: addFieldsOf(collection),
    editFields: definedFields(collection),
    bulkFields: fieldsWith(collections[collection].fields, 'bulk').map((name) => field(collection, name)),
    columns: columnsOf(collection),
    ...(emailField && { emailField }),
  }
}

export const screens = {
  contacts: entityScreen('contacts'),
  // The product has always said this one so.
  companies: entityScreen('companies', { addHeading: 'Create A Company' }),
  industries: entityScreen('industries'),
  services: entityScreen('services'),
  products: entityScreen('products'),
} as const satisfies { [C in CollectionName]: EntityScreen<C> }

export const SCREENS: readonly EntityScreen[] = Object.values(screens)
