/**
 * Installs the service worker in production builds (docs/architecture.md). A new
 * version waits until the user chooses to reload, and never reloads under a
 * form holding unsaved typing: the notice stays until they save or leave it.
 */
import { toast } from 'sonner'
import { hasUnsavedForm } from '../ui/unsaved-forms'

export const UPDATE_TEXT = 'A new version of Outpost is available'

export async function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Loaded on its own, once the page has loaded and the browser is idle, so neither its script nor the
  // service worker's update check competes with the first screen's scripts and render.
  await loadedAndIdle()
  const { Workbox } = await import('workbox-window')
  const workbox = new Workbox('/sw.js', { scope: '/' })

  const reload = () => {
    if (hasUnsavedForm()) {
      toast.warning('Save or leave the form you are editing first, then reload.')
      offer()
      return
    }
    workbox.addEventListener('controlling', () => window.location.reload())
    workbox.messageSkipWaiting()
  }
  const offer = () =>
    toast.info(UPDATE_TEXT, {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: reload },
    })

  workbox.addEventListener('waiting', offer)
  await workbox.register()
}

/** After the window's load event, then an idle moment (at most two seconds later). */
function loadedAndIdle() {
  return new Promise<void>((resolve) => {
    const whenIdle = () =>
      typeof requestIdleCallback === 'undefined'
        ? setTimeout(resolve, 200)
        : requestIdleCallback(() => resolve(), { timeout: 2000 })
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
  })
}
