/**
 * Installs the service worker in production builds (docs/architecture.md). A new
 * version waits until the user chooses to reload, so a form being typed into
 * is never swapped out from under them.
 */
import { toast } from 'sonner'

export async function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Loaded on its own so it never delays the first screen.
  const { Workbox } = await import('workbox-window')
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => {
    toast.info('A new version of Outpost is ready.', {
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Reload',
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload())
          workbox.messageSkipWaiting()
        },
      },
    })
  })
  await workbox.register()
}
