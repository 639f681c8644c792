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
          className="flex min-h-9 items-center gap-2 text-sm text-slate-700 pointer-coarse:min-h-11"
        >
          <input
            type="radio"
            name="duplicates"
            value={value}
            checked={choice === value}
            onChange={() => onChange(value)}
            className="size-4 accent-brand"
          />
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
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left text-sm font-medium text-slate-900">
          The first rows, as they will be saved
        </caption>
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Row
            </th>
            {fields.map((field) => (
              <th key={field.name} scope="col" className="py-2 pr-3 whitespace-nowrap">
                {field.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {first.map((row) => (
            <tr key={row.line}>
              <td className="py-2 pr-3 text-slate-500 tabular-nums">{row.line}</td>
              {fields.map((field) => (
                <td
                  key={field.name}
                  className="max-w-56 truncate py-2 pr-3 text-slate-800"
                  title={shown(row, field)}
                >
                  {shown(row, field)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
