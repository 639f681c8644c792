/**
 * Installs the service worker in production builds (docs/decisions/005-the-pwa.md). A new
 * version waits until the user chooses to reload, and never reloads under a
 * form holding unsaved typing: the notice stays until they save or leave it.
 *
 * The first install on a browser ends before any signed-in screen opens
 * (`firstInstallEnded`): WebKit replaces a full navigation that starts while
 * that install ends with a reload of the page being left, so a link opened
 * right after signing in landed on the overview (docs/testing.md, "WebKit").
 * Waiting for it also means the app works offline from its first screen.
 */
import { toast } from 'sonner'
import { hasUnsavedForm } from '../ui/unsaved-forms'

export const UPDATE_TEXT = 'A new version of Outpost is available'

/** Longest a signed-in screen waits for the first install (a second or so on a tablet). */
const FIRST_INSTALL_WAIT_MS = 5_000

const supported = () =>
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator

/** Starts the registration at once instead of at the next idle moment. */
let hurry: () => void = () => undefined
/** Settles when the registration is done and no first install is running any more. */
let installed: Promise<void> | null = null
let done = false

export function registerServiceWorker() {
  if (!supported()) return Promise.resolve()
  installed ??= register().catch(() => undefined)
  return installed
}

async function register() {
  // Loaded on its own, once the page has loaded and the browser is idle, so neither its script nor the
  // service worker's update check competes with the first screen's scripts and render; sooner when a
  // signed-in screen waits for it.
  await Promise.race([loadedAndIdle(), new Promise<void>((resolve) => (hurry = resolve))])
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

  // Workbox also says 'waiting' of a first install that is slow to activate (Gecko, on a busy machine,
  // 200 ms after 'installed'): only a new version waiting beside the running one is offered.
  let registration: ServiceWorkerRegistration | undefined
  workbox.addEventListener('waiting', () => {
    if (registration?.waiting && registration.active) offer()
  })
  registration = await workbox.register()
  if (registration?.waiting && registration.active) offer()
  const first = registration && !registration.active ? registration.installing : null
  if (first) await activatedOrGone(first)
}

const activatedOrGone = (worker: ServiceWorker) =>
  new Promise<void>((resolve) => {
    const settled = () => (worker.state === 'activated' || worker.state === 'redundant') && resolve()
    worker.addEventListener('statechange', settled)
    settled()
  })

/**
 * Nothing (at once) when no first install can be running: a page the service worker already controls,
 * no service worker, or a development build. Otherwise a promise that settles once the first install
 * has ended, or after FIRST_INSTALL_WAIT_MS: the router's signed-in guard waits on it.
 */
export function firstInstallEnded(): Promise<void> | undefined {
  if (done || !supported() || navigator.serviceWorker.controller) return undefined
  hurry()
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_INSTALL_WAIT_MS))
  return Promise.race([registerServiceWorker(), waited]).then(() => {
    done = true
  })
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
