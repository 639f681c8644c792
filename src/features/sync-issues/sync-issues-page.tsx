/**
 * /sync-issues (docs/sync.md): every change, in any collection, that the
 * server refused or that conflicts with someone else's, with the same choices
 * as the record's edit screen; and the records deleted by someone else while
 * this device still had changes for them.
 */

import { card } from '../../ui/styles'
import { useSyncSummary } from '../sync-status'
import { ChangeIssueCard } from './change-issue'
import { DeletedNotice } from './deleted-notice'
import { useSyncIssues } from './use-sync-issues'

/** No issue to decide on: in sync only when nothing is waiting either, else how many changes are on their way. */
export function NoIssues({ waiting }: { waiting: number }) {
  return (
    <div className={`${card} mx-auto max-w-lg space-y-2 p-8 text-center`}>
      <p className="text-lg font-semibold text-slate-900">
        {waiting ? 'Nothing needs your attention.' : 'Everything is in sync.'}
      </p>
      <p className="text-sm text-slate-500">
        {waiting
          ? `${waiting} ${waiting === 1 ? 'change is' : 'changes are'} still waiting to be sent. They go as soon as the server can be reached.`
          : 'Nothing needs your attention.'}
      </p>
    </div>
  )
}

export function SyncIssuesPage() {
  const issues = useSyncIssues()
  const { unsynced } = useSyncSummary()
  if (!issues) return null
  const { changes, notices } = issues
  if (changes.length === 0 && notices.length === 0) return <NoIssues waiting={unsynced ?? 0} />

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      {changes.length > 0 && (
        <section aria-labelledby="changes-heading" className="space-y-3">
          <div>
            <h2 id="changes-heading" className="text-lg font-semibold text-slate-900">
              Changes that need a decision
            </h2>
            <p className="text-sm text-slate-500">
              They are kept on this device and hold back later changes to the same record until you decide.
            </p>
          </div>
          <ul className="space-y-4">
            {changes.map((change) => (
              <li key={change.op.opId}>
                <ChangeIssueCard {...change} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {notices.length > 0 && (
        <section aria-labelledby="notices-heading" className="space-y-3">
          <h2 id="notices-heading" className="text-lg font-semibold text-slate-900">
            Deleted by someone else
          </h2>
          <ul className="space-y-4">
            {notices.map((notice) => (
              <li key={notice.id}>
                <DeletedNotice notice={notice} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
