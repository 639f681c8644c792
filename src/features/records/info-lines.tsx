/**
 * The lines of the card beside an edit form, from the fields its entity gives
 * a `card` role (src/domain/fields.ts), in their order: an email, phone or web
 * address with a button that uses it, a relation as a link to the related
 * record. A field added with that role shows here with no code of its own.
 */
import { Link } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { type CollectionName, collections } from '../../domain/collections'
import { type CardRole, type FieldDefinition, webHref } from '../../domain/fields'
import { GlobeIcon, MailIcon, MobileIcon, PhoneIcon } from '../../ui/icons'
import type { InfoLine } from '../../ui/info-card'
import { useRecord } from './record-hooks'
import { screens } from './screens'

/** What a line's button opens, and its icon, by the field's widget. */
function buttonOf(field: FieldDefinition, card: CardRole, value: string) {
  const button = (href: string, Icon: ComponentType) => ({ href, Icon })
  if (field.widget === 'email') return button(`mailto:${value}`, MailIcon)
  if (field.widget === 'tel') return button(`tel:${value}`, card.icon === 'mobile' ? MobileIcon : PhoneIcon)
  if (field.widget === 'url') return button(webHref(value), GlobeIcon)
  return {}
}

export function infoLines(collection: CollectionName, record: object, name: string): InfoLine[] {
  const values = record as Record<string, unknown>
  return Object.entries(collections[collection].fields)
    .flatMap(([field, definition]) => (definition.card ? [{ field, definition, card: definition.card }] : []))
    .sort((a, b) => a.card.line - b.card.line)
    .map(({ field, definition, card }) => {
      const label = card.label ?? definition.label
      if (definition.relation) {
        const ref = values[field] as { value?: string } | null | undefined
        const id = ref?.value ?? ''
        const target = definition.relation.collection as CollectionName
        return { label, value: id, content: id ? <RelatedRecord collection={target} id={id} /> : undefined }
      }
      const value = typeof values[field] === 'string' ? (values[field] as string) : ''
      return {
        label,
        value,
        action: card.action?.replaceAll('{name}', name),
        ...buttonOf(definition, card, value),
      }
    })
}

/** A related record by its name, as a link to it: '…' while it is read, 'Unknown company' if it is gone. */
function RelatedRecord({ collection, id }: { collection: CollectionName; id: string }) {
  const related = useRecord(collection, id)
  if (related === undefined) return <>…</>
  if (related === null) return <>Unknown {collections[collection].label}</>
  return (
    <Link
      to={screens[collection].paths.edit}
      params={{ id }}
      className="text-brand hover:underline pointer-coarse:inline-block pointer-coarse:py-3"
    >
      {collections[collection].displayName(related)}
    </Link>
  )
}
