/**
 * "Install app". Chromium offers installation through a `beforeinstallprompt`
 * event, fired once, early, and only while the app is not installed: it is
 * caught at start-up and kept until the user asks. Safari has no such event:
 * there the action explains Share → Add to Home Screen (or Add to Dock on a
 * Mac), which matters more there than anywhere, since Safari deletes the data
 * of a site not used for seven days unless it is on the Home Screen. Once
 * installed the app asks to keep its data (persistent storage).
 */
import { useSyncExternalStore } from 'react'
import { askToKeepData } from '../session/persistent-storage'

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** How this browser installs the app: its own dialog, Safari's menus, or not at all (null). */
export type InstallWay = 'prompt' | 'home-screen' | 'dock' | null

export interface InstallEnvironment {
  /** Running installed already (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean
  /** A `beforeinstallprompt` was caught and not used yet. */
  offered: boolean
  /** The browser has the event at all (Chromium); it then says by itself when it can install. */
  promptsByItself: boolean
  userAgent: string
  maxTouchPoints: number
}

export function installWay(env: InstallEnvironment): InstallWay {
  if (env.standalone) return null
  if (env.offered) return 'prompt'
  if (env.promptsByItself) return null
  // iPadOS reports itself as a Mac; a Mac has no touch screen. Every iOS browser can add to the Home Screen.
  const ios =
    /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1)
  if (ios) return 'home-screen'
  // Safari on a Mac (17 and later: File or Share → Add to Dock); not Chrome, Edge or Firefox there.
  const macSafari =
    /Macintosh/.test(env.userAgent) &&
    /Version\/\d+.*Safari\//.test(env.userAgent) &&
    !/Chrome|Chromium|Edg|Firefox/.test(env.userAgent)
  return macSafari ? 'dock' : null
}

let offered: InstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

export function catchInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away; the sidebar offers the action instead.
    event.preventDefault()
    offered = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    offered = null
    installed = true
    changed()
    // Chromium grants persistent storage to an installed app; asking now makes it so.
    void askToKeepData()
  })
}

/** Shows the browser's install dialog; the offer is used up either way, as the browser requires. */
export async function install() {
  const event = offered
  if (!event) return
  offered = null
  changed()
  await event.prompt()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const currentWay = () =>
  installWay({
    standalone:
      installed ||
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as { standalone?: boolean }).standalone === true,
    offered: offered !== null,
    promptsByItself: 'onbeforeinstallprompt' in window,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  })

export const useInstallWay = () => useSyncExternalStore(subscribe, currentWay)
