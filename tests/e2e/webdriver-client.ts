/**
 * The few W3C WebDriver (classic) commands the WebKit driver needs, over plain
 * HTTP and JSON: a session, navigation, scripts, frames, element clicks and keys,
 * screenshots. The protocol is a published standard, so a dozen calls here
 * replace a client library (docs/testing.md says why).
 */

import { NAME_HELPER } from './engine-page'

/** How WebDriver marks an element reference in JSON (the spec's own constant). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

export interface ElementRef {
  [ELEMENT_KEY]: string
}

export const isElementRef = (value: unknown): value is ElementRef =>
  typeof value === 'object' && value !== null && ELEMENT_KEY in value

/** Named keys as WebDriver's actions spell them (its spec's key table); a character stands for itself. */
const WEBDRIVER_KEYS: Record<string, string> = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  ArrowUp: '\uE013',
  ArrowDown: '\uE015',
}

/** An error the remote end answered (a stale element, a script error…), with its W3C error code. */
export class WebDriverError extends Error {
  override name = 'WebDriverError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(base: string, capabilities: Record<string, unknown>) {
    const answer = await call<{ sessionId: string }>(base, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    })
    return new WebDriverSession(base, answer.sessionId)
  }

  private send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return call<T>(this.base, method, `/session/${this.id}${path}`, body)
  }

  /** Navigates and waits for the load, as the page load strategy 'normal' says. */
  navigate = (url: string) => this.send<null>('POST', '/url', { url })
  refresh = () => this.send<null>('POST', '/refresh', {})
  currentUrl = () => this.send<string>('GET', '/url')
  setWindowRect = (rect: { width: number; height: number }) => this.send('POST', '/window/rect', rect)
  setTimeouts = (timeouts: { script?: number; pageLoad?: number }) => this.send('POST', '/timeouts', timeouts)

  /** Runs `fn(arg)` in the page; a promise it answers is awaited there. */
  execute<T>(fn: string, arg: unknown): Promise<T> {
    return this.send<T>('POST', '/execute/sync', {
      script: `${NAME_HELPER}; return (${fn})(arguments[0])`,
      args: [arg],
    })
  }

  /**
   * Sends the commands that follow (scripts, element look-ups, clicks, keys) into an iframe of the current
   * document, or back to the top-level document (`null`).
   */
  switchToFrame = (frame: ElementRef | null) => this.send<null>('POST', '/frame', { id: frame })

  click = (element: ElementRef) => this.send<null>('POST', `/element/${element[ELEMENT_KEY]}/click`, {})
  sendKeys = (element: ElementRef, text: string) =>
    this.send<null>('POST', `/element/${element[ELEMENT_KEY]}/value`, { text })
  /**
   * One key down and up in whatever has the focus (WebDriver actions, no element looked up first by a
   * script): a character, or 'Backspace'.
   */
  pressKey = (key: string) => {
    const value = WEBDRIVER_KEYS[key] ?? key
    return this.send<null>('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ],
        },
      ],
    }).then(() => undefined)
  }
  screenshot = () => this.send<string>('GET', '/screenshot')
  end = () => this.send<null>('DELETE', '')
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await answer.json()) as { value: T & { error?: string; message?: string } }
  if (!answer.ok) {
    const value = json.value as { error?: string; message?: string }
    throw new WebDriverError(value.error ?? String(answer.status), value.message ?? '')
  }
  return json.value
}
