/**
 * Saving a planned import on the device, a chunk of rows per write (mutate.importChunk), with its
 * progress and a Stop that takes effect between chunks. Every chunk's write keeps how far the import
 * has come, so an import stopped (by Stop, a closed tab, a crash) goes on from there when the same
 * file is chosen again; its ids (src/domain/import-ids.ts) make sure no row is saved twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { MirroredName } from '../../domain/collections'
import type { ColumnMapping } from '../../domain/import-columns'
import type { DuplicateChoice, ImportPlan, PlannedRow } from '../../domain/import-plan'

/** Rows per write: under a second of IndexedDB's time, so Stop and the progress bar answer soon. */
const CHUNK = 2_000

export interface ImportJob {
  fileHash: string
  fileName: string
  key: string
  mapping: ColumnMapping
  choice: DuplicateChoice
  plan: ImportPlan
  /** Rows of the plan an earlier run saved. */
  from: number
}

export type RunState =
  | { step: 'ready' }
  | { step: 'saving'; saved: number; rows: number }
  | { step: 'stopped'; saved: number; rows: number }
  | { step: 'failed'; saved: number; rows: number }
  | { step: 'done'; made: number }

type Written = Extract<PlannedRow, { kind: 'create' | 'update' }>
const written = (row: PlannedRow): row is Written => row.kind === 'create' || row.kind === 'update'

export function useImportRun(collection: MirroredName) {
  const { mutate } = useRuntime()
  const [state, setState] = useState<RunState>({ step: 'ready' })
  const stopAsked = useRef(false)
  // Leaving the page stops the import between two chunks: what is saved stays, the rest can go on later.
  useEffect(
    () => () => {
      stopAsked.current = true
    },
    [],
  )

  const start = useCallback(
    async (job: ImportJob) => {
      stopAsked.current = false
      const { rows } = job.plan
      let made = 0
      let saved = job.from
      setState({ step: 'saving', saved, rows: rows.length })
      try {
        while (saved < rows.length) {
          if (stopAsked.current) {
            setState({ step: 'stopped', saved, rows: rows.length })
            return
          }
          const slice = rows.slice(saved, saved + CHUNK).filter(written)
          const next = Math.min(rows.length, saved + CHUNK)
          made += await mutate.importChunk(
            collection,
            {
              creates: slice.filter((row) => row.kind === 'create').map(({ id, values }) => ({ id, values })),
              updates: slice.filter((row) => row.kind === 'update').map(({ id, values }) => ({ id, values })),
              related: slice.flatMap((row) => row.makes),
            },
            {
              fileHash: job.fileHash,
              value: {
                key: job.key,
                fileName: job.fileName,
                mapping: job.mapping,
                choice: job.choice,
                saved: next,
                rows: rows.length,
                updatedAt: Date.now(),
              },
            },
          )
          saved = next
          setState({ step: 'saving', saved, rows: rows.length })
        }
        await mutate.endImport(collection, job.fileHash)
        setState({ step: 'done', made })
      } catch {
        setState({ step: 'failed', saved, rows: rows.length })
      }
    },
    [mutate, collection],
  )

  const stop = useCallback(() => {
    stopAsked.current = true
  }, [])

  return { state, start, stop }
}
