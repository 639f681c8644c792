/**
 * Every row of a file checked against its mapping (src/domain/import-rows.ts), a slice at a time
 * between frames, so 100,000 rows never freeze the page; checked afresh when the mapping changes.
 */
import { useEffect, useState } from 'react'
import type { CollectionName } from '../../domain/collections'
import type { ColumnMapping, ImportField } from '../../domain/import-columns'
import { checkRow, isRefused, type ReadRow, type RefusedRow } from '../../domain/import-rows'

export interface CheckedRows {
  read: ReadRow[]
  refused: RefusedRow[]
}

/** Rows checked between two yields to the page. */
const SLICE = 2_000

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0))

export function useCheckedRows(
  collection: CollectionName,
  fields: readonly ImportField[],
  mapping: ColumnMapping | null,
  headers: readonly string[],
  rows: readonly string[][],
): { checked: CheckedRows | undefined; progress: number } {
  const [state, setState] = useState<{ checked: CheckedRows | undefined; progress: number }>({
    checked: undefined,
    progress: 0,
  })
  useEffect(() => {
    if (!mapping) return
    let cancelled = false
    setState({ checked: undefined, progress: 0 })
    void (async () => {
      const read: ReadRow[] = []
      const refused: RefusedRow[] = []
      for (let at = 0; at < rows.length; at += SLICE) {
        rows.slice(at, at + SLICE).forEach((cells, i) => {
          // The header is line 1.
          const row = checkRow(collection, fields, mapping, headers.length, cells, at + i + 2)
          if (isRefused(row)) refused.push(row)
          else read.push(row)
        })
        if (at + SLICE < rows.length) {
          setState({ checked: undefined, progress: (at + SLICE) / rows.length })
          await nextFrame()
          if (cancelled) return
        }
      }
      if (!cancelled) setState({ checked: { read, refused }, progress: 1 })
    })()
    return () => {
      cancelled = true
    }
  }, [collection, fields, mapping, headers, rows])
  return state
}
