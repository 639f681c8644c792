/**
 * "Install app": Chromium offers installation through a `beforeinstallprompt`
 * event, fired once, early, and only while the app is not installed. It is
 * caught at start-up and kept until the user asks; after installing (or in a
 * browser that never fires it) the action is simply not shown.
 */
import { useSyncExternalStore } from 'react'

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offered: InstallPromptEvent | null = null
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
    changed()
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

export const useInstallOffered = () => useSyncExternalStore(subscribe, () => offered !== null)
