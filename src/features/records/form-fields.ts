/**
 * Every entity's form fields, in order, with the labels the screens, the
 * sync-issues view and the browser tests use, and the widget each needs.
 * The one place a field's label is written.
 */
import { CATALOG, type CatalogName } from '../../domain/catalog'
import type { CollectionName } from '../../domain/collections'

export type Widget =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'select'
  | 'textarea'
  | 'relation'
  | 'richText'
  /** A rich-text field typed as plain words in a box (adding an entry: the editor comes with the edit screen). */
  | 'richTextPlain'
  | 'image'

export interface FormField {
  name: string
  label: string
  widget: Widget
}

const contactFields = [
  { name: 'firstName', label: 'First Name', widget: 'text' },
  { name: 'lastName', label: 'Last Name', widget: 'text' },
  { name: 'title', label: 'Title', widget: 'text' },
  { name: 'department', label: 'Department', widget: 'select' },
  { name: 'email', label: 'Email', widget: 'email' },
  { name: 'phone', label: 'Phone', widget: 'tel' },
  { name: 'mobile', label: 'Mobile', widget: 'tel' },
  { name: 'company', label: 'Company', widget: 'relation' },
] as const satisfies readonly FormField[]

const companyFields = [
  { name: 'companyName', label: 'Company Name', widget: 'text' },
  { name: 'address', label: 'Company Address', widget: 'textarea' },
  { name: 'website', label: 'Website', widget: 'url' },
  { name: 'email', label: 'Email Address', widget: 'email' },
  { name: 'mainPhone', label: 'Phone', widget: 'tel' },
] as const satisfies readonly FormField[]

const catalogFields = (name: CatalogName) =>
  [
    { name: 'name', label: `${CATALOG[name].title} Name`, widget: 'text' },
    { name: 'description', label: 'Description', widget: 'richText' },
    { name: CATALOG[name].imageField, label: 'Image', widget: 'image' },
  ] as const satisfies readonly FormField[]

export const formFields = {
  contacts: contactFields,
  companies: companyFields,
  industries: catalogFields('industries'),
  services: catalogFields('services'),
  products: catalogFields('products'),
} as const satisfies Record<CollectionName, readonly FormField[]>

/** A field's name as the user knows it: its form's label, else the field name made readable. */
export function fieldLabel(
  collection: CollectionName,
  field: string,
  humanize: (name: string) => string,
): string {
  return (
    (formFields[collection] as readonly FormField[]).find((spec) => spec.name === field)?.label ??
    humanize(field)
  )
}
