/** The entity of the current route (its `staticData.collection`), as a screen description. */
import { useMatches } from '@tanstack/react-router'
import type { CollectionName } from '../../domain/collections'
import { type EntityScreen, screens } from './screens'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The entity whose screen this route shows (records/screens.ts). */
    collection?: CollectionName
  }
}

export function useScreen(): EntityScreen {
  const collection = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.collection)?.staticData.collection,
  })
  if (!collection) throw new Error('useScreen() is only available on an entity route.')
  return screens[collection]
}
