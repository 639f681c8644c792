/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/005-the-pwa.md): the app shell comes from the precache, so
 * the app opens with no network; every navigation falls back to index.html
 * (history routing) except /api and /images; images are cache-first; /api is
 * never cached here: the data cache is the Dexie mirror. When the browser has
 * Background Sync, it wakes this worker once the network returns to send what
 * a closed tab left in the outbox (src/sync/background-sync.ts).
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { replayInBackground, userOfTag } from '../src/sync/background-sync'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// A new version waits until the page asks it to take over (the "reload to update" toast).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/images\//] }),
)
registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/images/'),
  new CacheFirst({ cacheName: 'outpost-images' }),
)

interface SyncEvent extends ExtendableEvent {
  tag: string
}

self.addEventListener('sync', (event) => {
  const { tag } = event as SyncEvent
  const userId = userOfTag(tag)
  if (userId) (event as SyncEvent).waitUntil(replayInBackground(userId))
})
