/** The current screen's name, from the deepest route that declares one. */
import { useMatches } from '@tanstack/react-router'

export function useRouteTitle(): string {
  return useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title ?? '',
  })
}
