/**
 * Who to tell when a value this device keeps in localStorage changes: the
 * listeners in this tab, told by whoever wrote it (`announce`), and those in
 * every other tab, through the storage event (which a tab never receives for
 * its own writes). `matches` says which keys are this value's; a cleared
 * storage (key null) concerns every value.
 */
export function storageSignal(matches: (key: string) => boolean) {
  const listeners = new Set<() => void>()
  return {
    announce() {
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      const fromOtherTab = (event: StorageEvent) => (event.key === null || matches(event.key)) && listener()
      window.addEventListener('storage', fromOtherTab)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', fromOtherTab)
      }
    },
  }
}
