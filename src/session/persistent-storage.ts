/**
 * Asks the browser to keep Outpost's storage when space runs low
 * (persistent storage). Chromium answers by itself (yes once the app is
 * installed or much used), Firefox asks the user, so the first ask is made
 * from the sign-in's submit, which carries the user's gesture. Safari keeps
 * the data of an app added to the Home Screen (src/app/install-prompt.ts).
 */

/** True once the storage is persistent, false when the browser said no, null where it cannot be asked. */
export async function askToKeepData(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return null
  try {
    // Already granted: no second prompt in Firefox.
    if (await storage.persisted?.()) return true
    return await storage.persist()
  } catch {
    return null
  }
}
