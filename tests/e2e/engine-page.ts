/**
 * One page of one browser engine, as the cross-engine flows drive it
 * (docs/testing.md): Chromium through playwright-core, Gecko through
 * puppeteer-core over WebDriver BiDi, WebKit through WebKitWebDriver. Every
 * wait is for a condition, with a generous deadline; none is a fixed pause.
 */
import type { Target } from './page-targets'

export const ENGINES = ['chromium', 'webkit', 'gecko'] as const
export type EngineName = (typeof ENGINES)[number]

export interface EngineOptions {
  /**
   * The page's size (1280×800 unless given): the layout tests open each engine at each device's. It is the
   * window's inner size, except in WebKit below its window's 447 px: there the page is a frame of that
   * size inside the window (engine-webkit.ts).
   */
  size?: { width: number; height: number }
  /**
   * Opens the engine so that the page's JS heap can be read (`jsHeapBytes`): the benchmarks ask for it.
   * In WebKit every collection is then a full one, logged (webkit-heap.ts): that page is slower, and its
   * timings are not WebKit's.
   */
  measuresHeap?: boolean
}

export interface EnginePage {
  readonly engine: EngineName
  /** A full navigation, resolved once the new document has loaded. */
  goto(url: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Whether the target is shown now. */
  shows(target: Target): Promise<boolean>
  /** Waits until the target is shown, then clicks it as a user would (real input events). */
  click(target: Target): Promise<void>
  /** Waits until the field is shown, empties it, then types the value key by key. */
  fill(label: string, value: string): Promise<void>
  /**
   * Presses one key (a character, or 'Backspace') in the focused element, as real input; resolves when
   * the driver says it was sent (benchmarks time the key from just before).
   */
  press(key: string): Promise<void>
  /** Runs `fn(arg)` in the page (sent as source text: keep it self-contained); a promise is awaited. */
  evaluate<A, T>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>
  screenshot(path: string): Promise<void>
  close(): Promise<void>
  /** The page's JS heap in bytes, as the engine's own tools count it; only when opened with `measuresHeap`. */
  jsHeapBytes?(): Promise<number>
  /** For a page that stopped answering scripts: which of a script, a microtask, a timer and a frame still run. */
  whatRuns?(): Promise<string>
}

export const STEP_TIMEOUT_MS = 30_000

/**
 * tsx, which runs the benchmarks, names the functions it compiles with a helper (`__name`) that a
 * page does not have: each engine gives its pages one, so a flow runs the same under tsx and vitest.
 */
export const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn)'

/** Tries `act` until it succeeds (an element re-rendered under a click is tried again), or throws the last error. */
export async function retrying<T>(what: string, act: () => Promise<T>, ms = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      return await act()
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Gave up on ${what} after ${ms} ms: ${String(error)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** Empties a form control the way typing would, so React's onChange sees it. Runs in the page. */
export function emptyControl(control: Element) {
  const input = control as HTMLInputElement
  const prototype =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, '')
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.focus()
}
