/**
 * An import's choices (the field each column fills, and what to do with duplicates) kept on the device
 * as they are made, a draft (db/drafts.ts) under the collection and the file's hash: a reload, or
 * leaving the page, before 'Import' loses none of them, and choosing the same file again brings them
 * back instead of the guess. Once the import starts its progress keeps them (db/import-writes.ts), and
 * the draft goes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { StoredDraft } from '../../db/drafts'
import type { CollectionName } from '../../domain/collections'
import type { ColumnMapping, ImportField } from '../../domain/import-columns'
import type { DuplicateChoice } from '../../domain/import-plan'
import { DraftKeeper } from './draft-keeper'

export interface ImportChoices {
  mapping: ColumnMapping
  choice: DuplicateChoice
}

/** Choices brought back from a draft, and when they were made. */
export type DraftedChoices = ImportChoices & { savedAt: number }

export const importDraftKey = (collection: CollectionName, fileHash: string) =>
  `import:${collection}:${fileHash}`

const CHOICES: readonly DuplicateChoice[] = ['skip', 'update', 'create']

/**
 * What a stored draft chose for this file, as far as it still fits: a column for each of the file's,
 * each naming a field the entity still imports (a field gone since is not imported).
 */
export function draftedChoices(
  stored: StoredDraft | undefined,
  headers: readonly string[],
  fields: readonly ImportField[],
): DraftedChoices | undefined {
  const { mapping, choice } = stored?.edits ?? {}
  if (!stored || !Array.isArray(mapping) || mapping.length !== headers.length) return undefined
  const names = new Set(fields.map((field) => field.name))
  return {
    mapping: mapping.map((name) => (typeof name === 'string' && names.has(name) ? name : null)),
    choice: CHOICES.includes(choice as DuplicateChoice) ? (choice as DuplicateChoice) : 'skip',
    savedAt: stored.savedAt,
  }
}

const same = (a: ImportChoices, b: ImportChoices) =>
  a.choice === b.choice && JSON.stringify(a.mapping) === JSON.stringify(b.mapping)

/**
 * The choices, starting from a draft's, else `first` (a stopped import's, or the guess). While no
 * import runs, each change is kept as the draft, and a change back to `first` drops it: the draft only
 * ever holds what would otherwise be lost.
 */
export function useImportChoices(
  collection: CollectionName,
  fileHash: string,
  first: ImportChoices,
  drafted: ImportChoices | undefined,
  running: boolean,
) {
  const { mutate } = useRuntime()
  const keeper = useMemo(
    () => new DraftKeeper(mutate, importDraftKey(collection, fileHash)),
    [mutate, collection, fileHash],
  )
  const [mapping, setMapping] = useState<ColumnMapping>((drafted ?? first).mapping)
  const [choice, setChoice] = useState<DuplicateChoice>((drafted ?? first).choice)
  /** What comes back without a draft: `first`, then what the import last started with. */
  const kept = useRef(first)

  /** The import ended: there is nothing left to choose for this file. */
  const ended = useCallback(() => keeper.drop(), [keeper])

  useEffect(() => {
    if (running) return
    if (same({ mapping, choice }, kept.current)) keeper.drop()
    else keeper.keep({ mapping, choice }, {})
  }, [keeper, mapping, choice, running])

  return {
    mapping,
    choice,
    setMapping,
    setChoice,
    /** The import starts (or goes on) with these choices: its progress keeps them now. */
    started: () => {
      kept.current = { mapping, choice }
      keeper.drop()
    },
    ended,
  }
}
