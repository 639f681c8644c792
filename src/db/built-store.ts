/**
 * What the list index's entries (mirror-entries.ts) and the dashboard's tally share: a store built once from the
 * mirror in the background, read by screens through `useSyncExternalStore` (a version and its
 * listeners), whose changes wait for the build and apply one batch at a time.
 */
export abstract class BuiltStore {
  protected state: 'cold' | 'building' | 'ready' = 'cold'
  /** Applying changes one batch at a time keeps them in the order they committed. */
  protected applying: Promise<void> = Promise.resolve()
  protected built: Promise<void> = Promise.resolve()
  protected version = 0
  private readonly listeners = new Set<() => void>()

  get ready() {
    return this.state === 'ready'
  }

  /** Bumped whenever what the store answers may have changed. */
  getVersion = () => this.version

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /**
   * Runs `build` from a timer, not from the caller: a caller inside a liveQuery, or a render, would
   * otherwise count the build's reads as its own.
   */
  protected startBuilding(build: () => Promise<void>) {
    this.state = 'building'
    this.built = new Promise((resolve) => setTimeout(() => resolve(build()), 0))
  }

  protected tellListeners() {
    for (const listener of this.listeners) listener()
  }
}
