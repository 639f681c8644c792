import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach } from 'vitest'

// findBy/waitFor give up after 1 s by default. The first wait of a file also loads the lazy route modules,
// and with every project sharing two cores in CI that alone has taken over a second (app/router.test.tsx
// failed so), and over three with other work on the machine (global-search and records/list-page did, at a
// load average of 10). A wait still ends as soon as what it waits for is there; this only moves when it
// gives up, still well inside the unit project's 15 s per test.
configure({ asyncUtilTimeout: 8000 })

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())
// Sonner's toasts live in a module-level store that a new Toaster replays; each test starts without any.
afterEach(() => {
  toast.dismiss()
})
// Each test starts on a device that never held anything: the device marker (a cookie, as it must outlive
// an evicted storage: src/session/device-marker.ts) goes with the local storage, or a test would read the
// last one's marker beside an empty database as a mirror the browser evicted.
beforeEach(() => {
  localStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; expiring each cookie is how to clear them.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})

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
