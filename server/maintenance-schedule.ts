/**
 * When housekeeping (maintenance.ts) runs: once a minute after the server
 * listens, then daily. Not at the moment it listens: the first requests of a
 * start (someone waiting at the login screen, a load balancer's health check)
 * would queue behind it on PGlite's one connection, and after a bulk load its
 * first vacuum holds that connection for a second or more. Nothing it does is
 * urgent (tombstones and keys are purged by age, in days).
 */
export const FIRST_RUN_AFTER_MS = 60_000
const DAY_MS = 86_400_000

export interface MaintenanceSchedule {
  /** Stops the timers and waits for a run under way (a vacuum must not lose its database mid-way). */
  stop(): Promise<void>
}

/** `run` handles its own failures; the timers never keep the process alive. */
export function scheduleMaintenance(
  run: () => Promise<unknown>,
  { firstAfterMs = FIRST_RUN_AFTER_MS, everyMs = DAY_MS } = {},
): MaintenanceSchedule {
  let running: Promise<unknown> = Promise.resolve()
  let daily: NodeJS.Timeout | undefined
  const tick = () => {
    running = run()
  }
  const first = setTimeout(() => {
    tick()
    daily = setInterval(tick, everyMs)
    daily.unref()
  }, firstAfterMs)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(daily)
      await running
    },
  }
}
