/** The dashboard's figures for a screen: counting while it is open, a new render when they change. */
import { useEffect, useSyncExternalStore } from 'react'
import { useRuntime } from '../../../app/runtime-context'
import { figureSource, holdFigures } from './figure-source'
import type { Figures } from './snapshot'

/** null until the device's records have been read once: show a loading state, not zeros. */
export function useFigures(): Figures | null {
  const { db } = useRuntime()
  const source = figureSource(db)
  useEffect(() => holdFigures(db), [db])
  return useSyncExternalStore(source.subscribe, source.get)
}
