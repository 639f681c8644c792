/** One field of a record form, drawn by its widget (records/form-fields.ts). */
import { lazy, Suspense } from 'react'
import type { CollectionName } from '../../domain/collections'
import type { Relationship } from '../../domain/fields'
import { fromPlainText, type RichText, toPlainText } from '../../domain/rich-text'
import { SelectField, TextAreaField, TextField } from '../../ui/field'
import type { ImageValue } from './field-values'
import { ImageWidget } from './image-widget'
import { RelationField } from './relation-field'
import type { ScreenField } from './screens'

// Slate is only fetched by the screens that edit rich text, never by the first screen.
const RichTextEditor = lazy(() =>
  import('../../ui/rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
)

export interface FieldWidgetProps {
  collection: CollectionName
  field: ScreenField
  value: unknown
  error?: string
  busy: boolean
  onChange: (value: unknown) => void
}

export function FieldWidget({ collection, field, value, error, busy, onChange }: FieldWidgetProps) {
  const text = typeof value === 'string' ? value : ''
  switch (field.widget) {
    case 'select':
      return (
        <SelectField
          label={field.label}
          name={field.name}
          options={field.options ?? []}
          value={text}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      )
    case 'textarea':
      return (
        <TextAreaField
          label={field.label}
          name={field.name}
          rows={field.rows}
          value={text}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      )
    case 'richTextPlain':
      return (
        <TextAreaField
          label={field.label}
          name={field.name}
          rows={field.rows}
          value={toPlainText(value as RichText)}
          error={error}
          onChange={(event) => onChange(fromPlainText(event.target.value))}
        />
      )
    case 'richText': {
      const document = value as RichText
      return (
        <Suspense
          fallback={
            <TextAreaField
              label={field.label}
              rows={field.rows ?? 8}
              value={toPlainText(document)}
              disabled
              readOnly
            />
          }
        >
          <RichTextEditor
            label={field.label}
            value={document}
            error={error}
            rows={field.rows}
            onChange={onChange}
          />
        </Suspense>
      )
    }
    case 'relation':
      if (!field.relation) throw new Error(`${field.name} is a relation without a target`)
      return (
        <RelationField
          field={{ ...field, relation: field.relation }}
          value={value as Relationship | null}
          error={error}
          onChange={onChange}
        />
      )
    case 'image':
      return (
        <ImageWidget
          collection={collection}
          field={field}
          value={value as ImageValue}
          error={error}
          busy={busy}
          onChange={onChange}
        />
      )
    default:
      return (
        <TextField
          label={field.label}
          name={field.name}
          type={field.widget}
          inputMode={field.widget === 'url' ? 'url' : undefined}
          // Staff type other people's details here: the browser's own suggestions would be theirs.
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      )
  }
}
