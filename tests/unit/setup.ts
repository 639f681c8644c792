import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach } from 'vitest'

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())
// Sonner's toasts live in a module-level store that a new Toaster replays; each test starts without any.
afterEach(() => {
  toast.dismiss()
})
beforeEach(() => localStorage.clear())

// jsdom has no matchMedia; sonner asks it for the colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// jsdom does not scroll; the router restores scroll positions on navigation.
window.scrollTo = () => {}
