/** Valibot building blocks with the product's field messages, shared by every entity schema. */
import * as v from 'valibot'
import { messages } from './errors'
import { emptyRichText } from './rich-text'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const text = (max: number) =>
  v.pipe(v.string('Must be text.'), v.trim(), v.maxLength(max, `Must be at most ${max} characters.`))

export const requiredText = (max: number) => v.pipe(text(max), v.nonEmpty(messages.required))

export const optionalEmail = v.pipe(
  text(254),
  v.check((value) => value === '' || v.is(v.pipe(v.string(), v.email()), value), messages.invalidEmail),
)

/** A web address as typed, as a link: "example.com" opens https://example.com. */
export const webHref = (address: string) => (/^https?:\/\//i.test(address) ? address : `https://${address}`)

export const uuid = v.pipe(v.string('Must be an id.'), v.regex(UUID_PATTERN, 'Must be a valid id.'))

/** A relationship as Payload answers it, or the bare id the old client sent. */
export const relationship = (relationTo: string) =>
  v.nullable(
    v.union(
      [
        uuid,
        v.pipe(
          v.object({ relationTo: v.literal(relationTo), value: uuid }),
          v.transform((ref) => ref.value),
        ),
      ],
      'Must be an id or a reference.',
    ),
  )

export interface Relationship {
  relationTo: string
  value: string
  /**
   * A record the form asks to make with its save ('Add New Company'), its id `value`: made in the
   * same write as the record that points at it, so nothing is made for a form abandoned.
   */
  create?: Record<string, unknown>
}

/** The id a stored relation holds: `{ relationTo, value }`, or the bare id an older client kept; none when empty. */
export function relatedId(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined
  const id = (value as { value?: unknown } | null | undefined)?.value
  return typeof id === 'string' && id ? id : undefined
}

/** The field issues of a failed parse, as `{ field, message }` pairs. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]) {
  return issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }))
}

/** Unknown keys name themselves; a missing required key reads like an empty one. */
const objectMessage = (issue: v.BaseIssue<unknown>) =>
  issue.expected === 'never' ? 'Unknown field.' : messages.required

type FieldSchemas = Record<string, v.GenericSchema>

/** How a form shows a field. */
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

/**
 * How a list column shows its value. primary: the row's name, with its sync badge; text: as it is,
 * wrapped; email: cut, not wrapped; link: a web address, opened in a new tab; richText: the words,
 * shortened.
 */
export type ColumnKind = 'primary' | 'text' | 'email' | 'link' | 'richText'

/** A field's place in its entity's list. */
export interface ListRole {
  /**
   * Its column, counted from 1 (the first is the row's name); none for a field each row keeps only
   * for a row's action (a company's email button).
   */
  column?: number
  kind?: ColumnKind
  /** A low-priority column gives way in the table on a small laptop (1024 to 1280 px). */
  hideBelow?: 'xl'
  /** The primary column's companion in a card's title (a contact's card: the first and last names). */
  cardTitleWith?: string
  /**
   * The list's order until a header is chosen, and the one index the device keeps for the collection
   * (src/db/database.ts): one field of each entity, a column the list sorts by.
   */
  order?: true
}

/** A field's line in the card beside the record's edit form (a way of reaching the record, or its relation). */
export interface CardRole {
  /** Its place among the lines, counted from 1. */
  line: number
  /** The line's label, when shorter than the form's ('Email' for 'Email Address'). */
  label?: string
  /** Its button's accessible name, `{name}` standing for the record's: "Call {name}'s mobile". */
  action?: string
  /** A phone field's icon: a desk phone unless said. */
  icon?: 'mobile'
}

/**
 * One field of an entity, said once: its check (the same on the device and the server), the label
 * every screen, message and test uses, how a form shows it, and its roles elsewhere: in the list
 * (`listed`), the list's search (`searched`), the top bar's (`global`), the info card (`card`) and the
 * dashboard (`figure`).
 * The entity's order is the form's.
 */
export interface FieldDefinition {
  label: string
  widget: Widget
  schema: v.GenericSchema
  /** Kept in the list index for each row (a page paints from memory), and maybe a column. */
  listed?: ListRole
  /** A per-field `like` on it (as Payload clients send) is kept fast: the server has a trigram index on it. */
  searched?: true
  /** The top bar's search looks through its words, and a phone's digits too (global-search.ts). */
  global?: 'text' | 'phone'
  /** A line of the info card beside the edit form: email, phone and web address fields get a button. */
  card?: CardRole
  /**
   * A part of what the record is called ('Delete Ada Lovelace?', a relation's link, a search result):
   * the parts, in the entity's order, joined by a space (`displayNameOf`).
   */
  namePart?: true
  /**
   * The dashboard counts the entity's records by it (`'by'`: contacts per department, per company): a
   * text by its value, '' for none; a relation by the record it names, one naming none not counted.
   */
  figure?: 'by'
  /** Visible rows of a textarea (or of a rich-text field typed as plain words). */
  rows?: number
  /** A select's choices, and the label of choosing none. */
  choices?: { values: readonly string[]; none: string }
  /** What a relation points at, and what its picker offers to create with the typed text (`relationTo`). */
  relation?: RelationRole
  /** How it tells that a record being added or edited may already exist (duplicates.ts). */
  duplicate?: DuplicateRole
  /**
   * A list's selection can set it for every record selected at once ('Edit selected'): a value many
   * records share (a department, a company), not one that names a record (a name, an email).
   */
  bulk?: true
  /**
   * Other names a spreadsheet's column of it goes by ('Surname', 'E-mail'), folded as they are compared:
   * an import guesses each column's field by its header, from these and the field's label and name.
   */
  aliases?: readonly string[]
}

/** What a relation field points at, and what its picker offers to create with the typed text. */
export interface RelationRole {
  collection: string
  /** 'Add New Company' makes a record of the target with the typed text in this field. */
  createField: string
  createLabel: string
  emptyText: string
}

/**
 * A relation field's widget, check and picker, the collection it points at said once: the check takes a
 * reference to that collection, and the collection's own spec (`relationsOf`) and the stored type
 * (`RelationNames`) learn the field from the widget and role it makes.
 */
export const relationTo = <const C extends string>(
  collection: C,
  picker: Omit<RelationRole, 'collection'>,
) => ({
  widget: 'relation' as const,
  schema: relationship(collection),
  relation: { collection, ...picker },
})

/** Each relation field and the collection it points at (a create waits for the record it names). */
export const relationsOf = (fields: EntityFields): Readonly<Record<string, string>> =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) =>
      field.relation ? [[name, field.relation.collection]] : [],
    ),
  )

/** The names of an entity's relation fields, as a type: the stored record keeps their reference shape. */
export type RelationNames<F extends EntityFields> = {
  [K in keyof F]: F[K]['widget'] extends 'relation' ? K : never
}[keyof F]

/**
 * A field's part in finding a duplicate: `alone`, the same value alone says it is the same record
 * (an email, a phone number, a company's name or website); `together`, the same values of every
 * `together` field of the entity do (a contact's name and company). Values are compared as `text`
 * (letter case, accents and outer spaces aside), as `digits` (a phone number however it is written)
 * or as a `web` address (its scheme, `www.` and a closing slash aside); a relation by the record it
 * names. A `text` or `web` field must be in the top bar's search (`global`), a `digits` one a
 * `global: 'phone'`: duplicates are found through the same texts (src/db/duplicates.ts).
 */
export interface DuplicateRole {
  match: 'alone' | 'together'
  as: 'text' | 'digits' | 'web'
  /** How the match is said: "the same email". */
  said: string
}

export type EntityFields = Record<string, FieldDefinition>

/**
 * Whether a list sorts by the field: it has a column (its header is a button on the device, and the
 * API's `sort` takes it), and is not rich text, whose document has no order worth the name. A field
 * a list keeps only for a row's action (a company's email) or does not list at all does not sort.
 */
export const sortsList = (field: FieldDefinition) =>
  field.listed?.column !== undefined && field.listed.kind !== 'richText'

/** The names of the fields that have a role, in the entity's order. */
export const fieldsWith = (
  fields: EntityFields,
  role: 'listed' | 'searched' | 'global' | 'card' | 'figure' | 'bulk',
) => Object.keys(fields).filter((name) => fields[name]?.[role] !== undefined)

/** The list's order: the one field listed with `order` (a collection without one, or with two, is an error at once). */
export function defaultSortOf(fields: EntityFields): string {
  const ordered = Object.keys(fields).filter((name) => fields[name]?.listed?.order)
  const [only] = ordered
  if (ordered.length !== 1 || only === undefined || !sortsList(fields[only] as FieldDefinition)) {
    throw new Error(`One sorted column must order the list, not ${ordered.join(', ') || 'none'}`)
  }
  return only
}

/** What a record is called: its `namePart` fields' texts, in the entity's order, the empty ones left out. */
export function displayNameOf(fields: EntityFields): (doc: object) => string {
  const parts = Object.keys(fields).filter((name) => fields[name]?.namePart)
  return (doc) => joinedTexts(parts.map((name) => (doc as Record<string, unknown>)[name]))
}

/** Texts joined by a space, whatever is not a text or is empty left out (a name from its parts). */
export const joinedTexts = (parts: readonly unknown[]) =>
  parts.filter((part) => typeof part === 'string' && part).join(' ')

/** The entity's field schemas, for writeSchemas and the stored fields' type. */
export function schemasOf<const F extends EntityFields>(fields: F): { [K in keyof F]: F[K]['schema'] } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])) as {
    [K in keyof F]: F[K]['schema']
  }
}

/**
 * A record's fields as the API answers them and the mirror keeps them, inferred from the entity's field
 * schemas: what each schema stores, except the references (`R`), which keep the `{ relationTo, value }`
 * shape the server answers in rather than the bare id it accepts.
 */
export type StoredFields<F extends FieldSchemas, R extends keyof F = never> = {
  [K in keyof F]: K extends R ? Relationship | null : Widened<v.InferOutput<F[K]>>
}

/** A record's fields as stored, from its field definitions: its relation fields keep their reference shape. */
export type StoredOf<F extends EntityFields> = StoredFields<
  { [K in keyof F]: F[K]['schema'] },
  RelationNames<F> & keyof F
>

/** A stored text is any text: a choice list (the departments) checks new values, not ones stored before it changed. */
type Widened<T> = [T] extends [string] ? string : T

/**
 * The create and patch schemas of an entity from one map of field schemas.
 * Create: the `required` fields must be there, the rest default to `defaults`.
 * Patch: every field optional, absent fields stay absent. Both reject unknown keys.
 */
/** What `writeSchemas` answers, as code that handles any collection sees it. */
export interface WriteSchemas {
  create: v.GenericSchema<unknown, Record<string, unknown>>
  patch: v.GenericSchema<unknown, Record<string, unknown>>
}

export function writeSchemas<const F extends FieldSchemas>(
  fields: F,
  defaults: { [K in keyof F]?: v.InferInput<F[K]> },
  required: readonly (keyof F)[],
) {
  const create = {} as Record<string, v.GenericSchema>
  const patch = {} as Record<string, v.GenericSchema>
  for (const [name, schema] of Object.entries(fields)) {
    create[name] = required.includes(name) ? schema : v.optional(schema, defaults[name] as never)
    patch[name] = v.optional(schema)
  }
  return {
    create: v.strictObject(create, objectMessage) as unknown as v.GenericSchema<
      Record<string, unknown>,
      { [K in keyof F]: v.InferOutput<F[K]> }
    >,
    patch: v.strictObject(patch, objectMessage) as unknown as v.GenericSchema<
      Record<string, unknown>,
      { [K in keyof F]?: v.InferOutput<F[K]> }
    >,
  }
}

/** What an optional field holds when a create leaves it out: its widget's empty value (a fresh one each time). */
const emptyValue = (widget: Widget) => {
  if (widget === 'relation' || widget === 'image') return null
  if (widget === 'richText' || widget === 'richTextPlain') return emptyRichText
  return ''
}

/**
 * An entity's create and patch schemas from its field definitions: the `required` fields must be
 * there, every other one defaults to its widget's empty value. A new field needs no default written.
 */
export function entitySchemas<const F extends EntityFields>(
  fields: F,
  required: readonly (keyof F & string)[],
) {
  return writeSchemas(schemasOf(fields), emptyValues(fields) as never, required)
}

/** Every field's empty value (made afresh): what a create leaves out, and a record with nothing typed yet. */
export const emptyValues = (fields: EntityFields): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, freshEmptyValue(field.widget)]))

/** A widget's empty value, made afresh (a form's blank field). */
export function freshEmptyValue(widget: Widget): unknown {
  const empty = emptyValue(widget)
  return typeof empty === 'function' ? empty() : empty
}
