/**
 * How many things need the user's decision (docs/sync.md): changes the server
 * refused or that conflict, plus records deleted by someone else that still
 * carry lost changes. Live, so every tab's chip and sidebar agree.
 */
import { useIssueTotal } from './use-queued-count'

export function useIssueCount(): number {
  return useIssueTotal() ?? 0
}

export const attentionText = (count: number) => `${count} ${count === 1 ? 'needs' : 'need'} attention`
