/**
 * WebKit for the cross-engine flows: Debian's WebKitGTK (Safari's engine, not
 * Safari) through its WebDriver server, `WebKitWebDriver` (package
 * webkit2gtk-driver), under a virtual display (`xvfb-run`, package xvfb). Each
 * session starts the MiniBrowser with a fresh, throw-away profile. Missing
 * pieces are a failure with a fix, never a skip.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { type EngineOptions, type EnginePage, emptyControl, retrying } from './engine-page'
import { describeTarget, findTarget, type Target } from './page-targets'
import { freePort } from './server-process'
import { type ElementRef, isElementRef, WebDriverSession } from './webdriver-client'

const INSTALL = 'Install them with "apt-get install webkit2gtk-driver xvfb" (Debian).'

/** The MiniBrowser of libwebkit2gtk-4.1, under the multiarch library folder (x86_64-linux-gnu, aarch64-…). */
export function miniBrowserPath() {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH
  const found = readdirSync('/usr/lib')
    .filter((name) => name.endsWith('-linux-gnu'))
    .map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`)
    .find((path) => existsSync(path))
  if (!found) throw new Error(`WebKitGTK's MiniBrowser was not found. ${INSTALL}`)
  return found
}

function requireTools() {
  for (const tool of ['/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run'])
    if (!existsSync(tool)) throw new Error(`${tool} was not found. ${INSTALL}`)
}

/** Starts WebKitWebDriver on a free port under its own virtual display; it takes a moment to listen. */
async function startDriver(): Promise<{ base: string; stop: () => void }> {
  requireTools()
  const port = await freePort()
  let log = ''
  // Its own process group: xvfb-run starts Xvfb and the driver, and all of them go together.
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1080x24', 'WebKitWebDriver', `--port=${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  )
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const stop = () => {
    if (process.env.DEBUG_WK) console.log('WKLOG', log)
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
  }
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited early:\n${log}`)
    const ready = await fetch(`${base}/status`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ready) return { base, stop }
    if (Date.now() > deadline) {
      stop()
      throw new Error(`WebKitWebDriver did not listen within 30 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Sizes the window so that its page (the window less the browser's own bars) is `size`. */
async function fitWindow(session: WebDriverSession, size: { width: number; height: number }) {
  await session.setWindowRect(size)
  const [width, height] = await session.execute<[number, number]>(
    (() => [window.innerWidth, window.innerHeight]).toString(),
    null,
  )
  if (width !== size.width || height !== size.height)
    await session.setWindowRect({
      width: 2 * size.width - width,
      height: 2 * size.height - height,
    })
}

export async function openWebKit({
  size = { width: 1280, height: 800 },
}: EngineOptions = {}): Promise<EnginePage> {
  const driver = await startDriver()
  let session: WebDriverSession
  try {
    session = await WebDriverSession.create(driver.base, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      // Leaving with unsynced changes asks first (beforeunload); the flows mean to leave.
      unhandledPromptBehavior: 'accept',
    })
    await fitWindow(session, size)
    await session.setTimeouts({ script: 60_000, pageLoad: 60_000 })
  } catch (error) {
    driver.stop()
    throw error
  }
  const element = async (target: Target): Promise<ElementRef> => {
    const found = await session.execute<unknown>(findTarget.toString(), target)
    if (!isElementRef(found)) throw new Error(`${describeTarget(target)} is not shown`)
    return found
  }
  return {
    engine: 'webkit',
    goto: async (url) => void (await session.navigate(url)),
    reload: async () => void (await session.refresh()),
    url: () => session.currentUrl(),
    shows: (target) =>
      element(target).then(
        () => true,
        () => false,
      ),
    click: (target) =>
      retrying(
        `clicking ${describeTarget(target)}`,
        async () => void (await session.click(await element(target))),
      ),
    fill: (label, value) =>
      retrying(`filling ${describeTarget({ label })}`, async () => {
        const control = await element({ label })
        await session.execute(emptyControl.toString(), control)
        await session.sendKeys(control, value)
      }),
    press: (key) => session.pressKey(key),
    evaluate: (fn, arg) => session.execute(fn.toString(), arg),
    screenshot: async (path) => writeFileSync(path, Buffer.from(await session.screenshot(), 'base64')),
    whatRuns: async () => {
      await session.setTimeouts({ script: 5_000 })
      const tried = (what: string, fn: () => unknown) =>
        session.execute<unknown>(fn.toString(), null).then(
          (answer) => `${what}: ${JSON.stringify(answer)}`,
          (error: unknown) => `${what}: ${String(error).slice(0, 60)}`,
        )
      const answers = [
        await tried('a script', () => [document.readyState, document.visibilityState, history.length]),
        await tried('a microtask', () => Promise.resolve('ran')),
        await tried('a timer', () => new Promise((resolve) => setTimeout(() => resolve('fired'), 10))),
        await tried('a frame', () => new Promise((resolve) => requestAnimationFrame(() => resolve('drawn')))),
      ]
      await session.setTimeouts({ script: 60_000 })
      return answers.join(', ')
    },
    close: async () => {
      await session.end().catch(() => undefined)
      driver.stop()
    },
  }
}
