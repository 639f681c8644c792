/**
 * Industries, services and products: one shape, three collections (the house
 * rule: the catalog entities share one implementation). Each has a name, a
 * rich-text description and an image reference under its own field name.
 */
import * as v from 'valibot'
import type { DocMeta } from './contact'
import { type EntityFields, entitySchemas, requiredText, uuid } from './fields'
import type { ImageKind } from './images'
import { type RichText, richText } from './rich-text'

/** Each catalog entity's words (as a collection's, collections.ts) and where its image is kept. */
export const CATALOG = {
  industries: {
    label: 'industry',
    title: 'Industry',
    plural: 'Industries',
    imageField: 'industryImage',
    imageKind: 'industry-image',
  },
  services: {
    label: 'service',
    title: 'Service',
    plural: 'Services',
    imageField: 'serviceImage',
    imageKind: 'service-image',
  },
  products: {
    label: 'product',
    title: 'Product',
    plural: 'Products',
    imageField: 'productImage',
    imageKind: 'product-image',
  },
} as const satisfies Record<
  string,
  { label: string; title: string; plural: string; imageField: string; imageKind: ImageKind }
>

export type CatalogName = keyof typeof CATALOG

export interface CatalogFields {
  name: string
  description: RichText
}

/** A catalog record as answered: its image under the collection's own field name. */
export type CatalogItem = CatalogFields & DocMeta & { [imageField: string]: unknown }

/** The image is written as the uploaded image's id (or null to remove it); answered as { id, filename }. */
const imageReference = v.nullable(
  v.union(
    [
      uuid,
      v.pipe(
        v.object({ id: uuid }),
        v.transform((ref) => ref.id),
      ),
    ],
    'Must be an uploaded image id, or null.',
  ),
)

/** A catalog entity's fields, each said once (fields.ts): the image under the collection's own name. */
export function catalogFields(name: CatalogName): EntityFields {
  const { title, imageField } = CATALOG[name]
  return {
    name: {
      label: `${title} Name`,
      aliases: ['name', title.toLowerCase()],
      widget: 'text',
      schema: requiredText(200),
      listed: { column: 1, kind: 'primary', order: true },
      namePart: true,
      searched: true,
      global: 'text',
    },
    description: {
      label: 'Description',
      aliases: ['details', 'summary'],
      widget: 'richText',
      schema: richText,
      listed: { column: 2, kind: 'richText' },
      searched: true,
      global: 'text',
    },
    [imageField]: { label: 'Image', widget: 'image', schema: imageReference },
  }
}

export const catalogSchemas = (name: CatalogName) => entitySchemas(catalogFields(name), ['name'])
