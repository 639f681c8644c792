/** What other screens use of sync issues: an edit screen's panel for its record's refused or conflicting change. */
export { RecordIssues } from './record-issues'
