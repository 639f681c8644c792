/**
 * An import of one file read (use-sheet-file.ts), from its columns to its rows saved: the mapping (the
 * guess, the choices made for the same file before a reload, or those of an import of it that
 * stopped), every row checked, the plan
 * against the records on the device, the duplicates' choice, and the save with its progress and Stop.
 */
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { readDraft } from '../../db/drafts'
import { importHoldings } from '../../db/import-holdings'
import { type ImportProgress, readImportProgress } from '../../db/import-writes'
import { type CollectionName, counted, type MirroredName } from '../../domain/collections'
import { guessMapping, type ImportField, importFields, mappingProblems } from '../../domain/import-columns'
import { newImportKey } from '../../domain/import-ids'
import { planImport } from '../../domain/import-plan'
import { formatCount } from '../../domain/paging'
import { Banner } from '../../ui/banner'
import { ProgressBar } from '../../ui/progress-bar'
import { saveFile } from '../../ui/save-file'
import { button } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import { useLoaded } from '../../ui/use-loaded'
import { ImportMapping } from './import-mapping'
import { DuplicateChoices, ImportCounts, ImportPreview, RefusedRows } from './import-summary'
import { refusedCsv } from './refused-csv'
import type { EntityScreen } from './screens'
import { useCheckedRows } from './use-checked-rows'
import { type DraftedChoices, draftedChoices, importDraftKey, useImportChoices } from './use-import-choices'
import { useImportRun } from './use-import-run'

export interface ReadFile {
  name: string
  headers: string[]
  rows: string[][]
  fileHash: string
}

interface Start {
  key: string
  /** An import of this file that stopped before its end. */
  stopped?: ImportProgress
  /** Choices made for this file and not yet imported (use-import-choices.ts). */
  drafted?: DraftedChoices
}

/** The import's key and choices: those of an import of this file that stopped, or new ones, and a draft's. */
function useStart(collection: CollectionName, file: ReadFile, fields: readonly ImportField[]) {
  const { db } = useRuntime()
  // The file's hash names its headers; the fields follow the collection.
  return useLoaded(async (): Promise<Start> => {
    const [stopped, draft] = await Promise.all([
      readImportProgress(db, collection, file.fileHash),
      // A draft that cannot be read is no draft: the guess still serves.
      readDraft(db, importDraftKey(collection, file.fileHash)).catch(() => undefined),
    ])
    return {
      key: stopped?.key ?? newImportKey(),
      stopped,
      drafted: draftedChoices(draft, file.headers, fields),
    }
  }, [db, collection, file.fileHash])
}

/** What the device holds of the collection, read once: the plan does not move while the import saves. */
function useHoldings(collection: CollectionName) {
  const { db } = useRuntime()
  return useLoaded(() => importHoldings(db, collection), [db, collection])
}

export function ImportSetup({
  screen,
  file,
  onOtherFile,
}: {
  screen: EntityScreen
  file: ReadFile
  onOtherFile: () => void
}) {
  const fields = useMemo(() => importFields(screen.collection), [screen.collection])
  const start = useStart(screen.collection, file, fields)
  // The mapping and choice wait for what was chosen for this file before.
  return start ? (
    <ImportSteps screen={screen} file={file} fields={fields} start={start} onOtherFile={onOtherFile} />
  ) : null
}

function ImportSteps({
  screen,
  file,
  fields,
  start,
  onOtherFile,
}: {
  screen: EntityScreen
  file: ReadFile
  fields: readonly ImportField[]
  start: Start
  onOtherFile: () => void
}) {
  const { collection, texts } = screen
  const navigate = useNavigate()
  const run = useImportRun(collection as MirroredName)
  const saving = run.state.step === 'saving'
  const [first] = useState(() =>
    start.stopped
      ? { mapping: start.stopped.mapping, choice: start.stopped.choice }
      : { mapping: guessMapping(file.headers, fields), choice: 'skip' as const },
  )
  const { mapping, choice, setMapping, setChoice, started, ended } = useImportChoices(
    collection,
    file.fileHash,
    first,
    start.drafted,
    saving || run.state.step === 'done',
  )
  const problems = mappingProblems(mapping, file.headers, fields)
  const { checked, progress } = useCheckedRows(
    collection,
    fields,
    problems.length ? null : mapping,
    file.headers,
    file.rows,
  )
  const holdings = useHoldings(collection)
  const plan = useMemo(
    () => checked && holdings && planImport(collection, checked.read, holdings, choice, start.key),
    [checked, holdings, collection, choice, start.key],
  )
  const mapped = fields.filter((field) => mapping.includes(field.name))

  useEffect(() => {
    if (run.state.step !== 'done' || !plan) return
    ended()
    toast.success('Imported', {
      description: `${counted(collection, plan.creates)} added, ${formatCount(plan.updates)} updated, ${formatCount(plan.skips)} skipped.`,
    })
    void navigate({ to: screen.paths.list })
  }, [run.state.step, plan, collection, navigate, screen.paths.list, ended])

  const begin = () => {
    if (!plan) return
    const from =
      run.state.step === 'stopped' || run.state.step === 'failed'
        ? run.state.saved
        : (start.stopped?.saved ?? 0)
    started()
    void run.start({
      fileHash: file.fileHash,
      fileName: file.name,
      key: start.key,
      mapping,
      choice,
      plan,
      from,
    })
  }
  const toSave = plan ? plan.creates + plan.updates : 0
  const resumable =
    run.state.step === 'stopped' ||
    run.state.step === 'failed' ||
    (start.stopped && run.state.step === 'ready')

  const importLabel = resumable
    ? 'Import the rest'
    : !plan
      ? `Import ${texts.plural}`
      : toSave > 0
        ? `Import ${counted(collection, toSave)}`
        : 'Nothing to import'

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900 wrap-anywhere">{file.name}</span>:{' '}
          {formatCount(file.rows.length)} {file.rows.length === 1 ? 'row' : 'rows'}, {file.headers.length}{' '}
          {file.headers.length === 1 ? 'column' : 'columns'}
        </p>
        <button type="button" className={button.secondary} onClick={onOtherFile} disabled={saving}>
          Choose another file
        </button>
      </div>
      {start.stopped && run.state.step === 'ready' && (
        <Banner tone="info" title="This file's import stopped before its end">
          It saved {formatCount(start.stopped.saved)} of {formatCount(start.stopped.rows)} rows (
          {timeFormat.format(new Date(start.stopped.updatedAt))}). Its columns and choices are as they were;
          'Import the rest' saves the rows left, and none twice.
        </Banner>
      )}
      {start.drafted && !start.stopped && run.state.step === 'ready' && (
        <Banner tone="info" title="Your choices for this file are back">
          The columns and the choice for duplicates are as you left them (
          {timeFormat.format(new Date(start.drafted.savedAt))}).
        </Banner>
      )}
      <section aria-labelledby="import-columns" className="space-y-3">
        <h3 id="import-columns" className="text-base font-semibold text-slate-900">
          Columns
        </h3>
        <ImportMapping
          headers={file.headers}
          rows={file.rows}
          fields={fields}
          mapping={mapping}
          onChange={setMapping}
        />
        {problems.length > 0 && (
          <Banner tone="danger" title="Choose the columns again">
            <ul className="list-disc space-y-0.5 pl-4">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Banner>
        )}
      </section>
      {problems.length === 0 && !plan && <ProgressBar label="Checking the rows…" share={progress} />}
      {checked && plan && (
        <section aria-labelledby="import-saved" className="space-y-4">
          <h3 id="import-saved" className="text-base font-semibold text-slate-900">
            What will be saved
          </h3>
          <ImportCounts collection={collection} plan={plan} refused={checked.refused.length} />
          {plan.duplicates > 0 && (
            <DuplicateChoices
              collection={collection}
              duplicates={plan.duplicates}
              choice={choice}
              onChange={setChoice}
            />
          )}
          {checked.read.length > 0 && <ImportPreview rows={checked.read} fields={mapped} />}
          {checked.refused.length > 0 && (
            <RefusedRows
              refused={checked.refused}
              onDownload={() =>
                saveFile(
                  `${file.name.replace(/\.[^.]*$/, '')}-not-imported.csv`,
                  refusedCsv(file.headers, checked.refused),
                  'text/csv;charset=utf-8',
                )
              }
            />
          )}
        </section>
      )}
      {run.state.step === 'saving' && (
        <div className="space-y-3">
          <ProgressBar
            label={`Saving: ${formatCount(run.state.saved)} of ${formatCount(run.state.rows)} rows`}
            share={run.state.saved / Math.max(1, run.state.rows)}
          />
          <button type="button" className={button.secondary} onClick={run.stop}>
            Stop
          </button>
        </div>
      )}
      {run.state.step === 'stopped' && (
        <Banner tone="info" title="Import stopped">
          {formatCount(run.state.saved)} of {formatCount(run.state.rows)} rows are saved on this device and
          stay so. 'Import the rest' goes on from there.
        </Banner>
      )}
      {run.state.step === 'failed' && (
        <Banner tone="danger" title="The import could not go on">
          {formatCount(run.state.saved)} of {formatCount(run.state.rows)} rows are saved on this device.
          'Import the rest' tries again from there, and saves no row twice.
        </Banner>
      )}
      {!saving && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button.primary}
            disabled={!plan || (toSave === 0 && !resumable)}
            onClick={begin}
          >
            {importLabel}
          </button>
        </div>
      )}
    </div>
  )
}
