/**
 * What an import will save, before it saves anything: how many records it makes and updates, the rows
 * it skips and why, the records it makes for the rows' relations (new companies), the first rows as they
 * will be saved, and every row it cannot import with what is wrong, to download and mend.
 */
import { type CollectionName, collections, counted } from '../../domain/collections'
import type { ImportField } from '../../domain/import-columns'
import type { DuplicateChoice, ImportPlan } from '../../domain/import-plan'
import type { ReadRow, RefusedRow } from '../../domain/import-rows'
import { formatCount } from '../../domain/paging'
import { type RichTextNode, toPlainText } from '../../domain/rich-text'
import { DownloadIcon } from '../../ui/icons'
import { button } from '../../ui/styles'

/** Rows shown of a preview, and of the refused rows (the file of them has all). */
const PREVIEW_ROWS = 5
const REFUSED_SHOWN = 10
const NEW_NAMES_SHOWN = 5

function shown(row: ReadRow, field: ImportField): string {
  if (field.definition.widget === 'relation') return row.names[field.name] ?? ''
  const value = row.values[field.name]
  if (Array.isArray(value)) return toPlainText(value as RichTextNode[])
  return typeof value === 'string' ? value : ''
}

export function ImportCounts({
  collection,
  plan,
  refused,
}: {
  collection: CollectionName
  plan: ImportPlan
  refused: number
}) {
  const lines = [
    plan.creates > 0 && `${counted(collection, plan.creates)} will be added.`,
    plan.updates > 0 &&
      (plan.updates === 1
        ? `1 row will update the ${collections[collection].label} it repeats with its values.`
        : `${formatCount(plan.updates)} rows will update the ${collections[collection].path} they repeat with their values.`),
    plan.skips > 0 &&
      `${formatCount(plan.skips)} ${plan.skips === 1 ? 'row repeats' : 'rows repeat'} a ${collections[collection].label} and will be skipped.`,
    plan.done > 0 &&
      `${formatCount(plan.done)} ${plan.done === 1 ? 'row was' : 'rows were'} saved by this import before it stopped.`,
    refused > 0 &&
      `${formatCount(refused)} ${refused === 1 ? 'row cannot' : 'rows cannot'} be imported (below).`,
  ].filter(Boolean)
  const { newRelated } = plan
  // What the rows' relations point at (a contact's company): the records made for them are of it.
  const target = Object.values(collections[collection].relations)[0] as CollectionName | undefined
  return (
    <div className="space-y-1 text-sm text-slate-700" aria-live="polite">
      {lines.map((line) => (
        <p key={line as string}>{line}</p>
      ))}
      {target && newRelated.length > 0 && (
        <p>
          {formatCount(newRelated.length)} new{' '}
          {newRelated.length === 1 ? collections[target].label : collections[target].plural.toLowerCase()}{' '}
          will be added: {newRelated.slice(0, NEW_NAMES_SHOWN).join(', ')}
          {newRelated.length > NEW_NAMES_SHOWN &&
            ` and ${formatCount(newRelated.length - NEW_NAMES_SHOWN)} more`}
          .
        </p>
      )}
    </div>
  )
}

export function DuplicateChoices({
  collection,
  duplicates,
  choice,
  onChange,
}: {
  collection: CollectionName
  duplicates: number
  choice: DuplicateChoice
  onChange: (choice: DuplicateChoice) => void
}) {
  const { label } = collections[collection]
  const choices: [DuplicateChoice, string][] = [
    ['skip', 'Skip them'],
    ['update', `Update the ${label} they repeat with their values`],
    ['create', `Add them as new ${collections[collection].plural.toLowerCase()}`],
  ]
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">
        {duplicates === 1 ? '1 row repeats' : `${formatCount(duplicates)} rows repeat`} a {label} on this
        device or a row above it (the same email, phone number, or name at the same company)
      </legend>
      {choices.map(([value, text]) => (
        <label
          key={value}
          className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-700 pointer-coarse:min-h-11"
        >
          {/* Drawn as a 16 px circle (20 px by touch) whose target is the see-through input over it, 44×44 px under a finger, as ui/checkbox.tsx draws a box. */}
          <span className="relative inline-flex size-4 shrink-0 pointer-coarse:size-5">
            <input
              type="radio"
              name="duplicates"
              value={value}
              checked={choice === value}
              onChange={() => onChange(value)}
              className="peer absolute top-1/2 left-1/2 size-full -translate-x-1/2 -translate-y-1/2 cursor-pointer opacity-0 pointer-coarse:size-11"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none size-full rounded-full border border-slate-400 bg-white peer-checked:border-5 peer-checked:border-brand peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand"
            />
          </span>
          {text}
        </label>
      ))}
    </fieldset>
  )
}

export function ImportPreview({
  rows,
  fields,
}: {
  rows: readonly ReadRow[]
  fields: readonly ImportField[]
}) {
  const first = rows.slice(0, PREVIEW_ROWS)
  // Each row a card of its fields, not a table's row: a contact's nine fields never fit a phone's width
  // side by side, and a long value (an email, a title) shows whole, wrapped, rather than cut.
  return (
    <section aria-labelledby="import-preview" className="space-y-2">
      <h4 id="import-preview" className="text-sm font-medium text-slate-900">
        The first rows, as they will be saved
      </h4>
      <ol className="space-y-2">
        {first.map((row) => (
          <li key={row.line} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
            <p className="text-xs font-medium text-slate-500 tabular-nums">Row {row.line}</p>
            <dl className="mt-1 grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {fields.map((field) => (
                <div key={field.name} className="min-w-0">
                  <dt className="text-xs text-slate-500">{field.label}</dt>
                  <dd className="wrap-anywhere whitespace-pre-line text-slate-800">
                    {shown(row, field) || <span className="text-slate-500 italic">Empty</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  )
}

export function RefusedRows({
  refused,
  onDownload,
}: {
  refused: readonly RefusedRow[]
  onDownload: () => void
}) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {refused.length === 1
            ? '1 row cannot be imported'
            : `${formatCount(refused.length)} rows cannot be imported`}
        </h3>
        <button type="button" className={button.secondary} onClick={onDownload}>
          <DownloadIcon />
          Download the rows that cannot be imported
        </button>
      </div>
      <ul className="space-y-1 text-sm text-red-800">
        {refused.slice(0, REFUSED_SHOWN).map((row) => (
          <li key={row.line} className="wrap-anywhere">
            <span className="font-medium">Row {row.line}:</span> {row.problems.join(' ')}
          </li>
        ))}
      </ul>
      {refused.length > REFUSED_SHOWN && (
        <p className="text-sm text-slate-600">
          And {formatCount(refused.length - REFUSED_SHOWN)} more: the file of them lists every one.
        </p>
      )}
    </div>
  )
}
