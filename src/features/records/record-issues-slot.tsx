/**
 * Where an edit screen shows what its record's refused or conflicting change needs from the user.
 * The panel itself belongs to the sync issues (features/sync-issues), which is built on this kit: the
 * kit imports no feature, so the app hands the panel in (src/app/layout/signed-in-layout.tsx).
 * Without it, an edit screen shows none.
 */
import { type ComponentType, createContext, useContext } from 'react'
import type { OutboxOp } from '../../db/outbox-types'

export interface RecordIssuesProps {
  ops: OutboxOp[]
  /** The screen shows the record's form, which marks the refused fields itself. */
  fieldsOnScreen?: boolean
}

const IssuesPanel = createContext<ComponentType<RecordIssuesProps>>(() => null)

export const RecordIssuesProvider = IssuesPanel.Provider

export function RecordIssues(props: RecordIssuesProps) {
  const Panel = useContext(IssuesPanel)
  return <Panel {...props} />
}
