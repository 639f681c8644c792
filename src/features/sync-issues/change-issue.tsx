/** One change on the sync-issues page: whose record, what was done and when, and the same choices its edit screen offers. */
import { useId } from 'react'
import { card } from '../../ui/styles'
import { ConflictPanel } from './conflict-panel'
import { IssueHeading } from './issue-heading'
import { collectionTitle, recordName } from './issue-text'
import { RecordLink } from './record-link'
import { RefusedChange } from './refused-change'
import type { ChangeIssue } from './use-sync-issues'

const actions = { create: 'Added', update: 'Edited', delete: 'Deleted', upload: 'Image added' }

export function ChangeIssueCard({ op, row }: ChangeIssue) {
  const headingId = useId()
  const name = recordName(op, row)
  return (
    <article aria-labelledby={headingId} className={`${card} space-y-3 p-4`}>
      <IssueHeading
        id={headingId}
        kicker={`${collectionTitle(op.collection)} · ${actions[op.kind]}`}
        at={op.createdAt}
      >
        {row ? <RecordLink collection={op.collection} id={op.recordId} name={name} /> : name}
      </IssueHeading>
      {op.status === 'conflict' ? (
        <ConflictPanel op={op} live={false} />
      ) : (
        <RefusedChange op={op} live={false} />
      )}
    </article>
  )
}
