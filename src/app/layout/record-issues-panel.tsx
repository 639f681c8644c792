/**
 * The sync issues' panel for an edit screen (features/sync-issues), handed to the entity kit's edit
 * screens (features/records/record-issues-slot.tsx). Loaded with the first edit screen, not with the
 * shell.
 */
import { lazy, Suspense } from 'react'
import type { RecordIssuesProps } from '../../features/records/record-issues-slot'

const Issues = lazy(() =>
  import('../../features/sync-issues').then((module) => ({ default: module.RecordIssues })),
)

export function RecordIssuesPanel(props: RecordIssuesProps) {
  return (
    <Suspense fallback={null}>
      <Issues {...props} />
    </Suspense>
  )
}
