/**
 * The sync's state in a few words, for the top bar's chip, the sidebar's badge, the overview's card,
 * Settings and the sync-issues page: kept apart from the sync-issues views, so a screen that only
 * summarises does not load them.
 */
export { type SyncTone, useSyncSummary } from './sync-summary'
export { attentionText, useIssueCount } from './use-issue-count'
export { useQueuedCount } from './use-queued-count'
