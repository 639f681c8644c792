/**
 * WebKit for the cross-engine flows: Debian's WebKitGTK (Safari's engine, not
 * Safari) through its WebDriver server, `WebKitWebDriver` (package
 * webkit2gtk-driver), under a virtual display (`xvfb-run`, package xvfb). Each
 * session starts the MiniBrowser with a fresh, throw-away profile. Missing
 * pieces are a failure with a fix, never a skip.
 *
 * The MiniBrowser's window is never narrower than 447 px (its toolbar's
 * width). A narrower size, a phone's 390 px, is given to the page by a frame:
 * the window shows a same-origin page that is not the app, holding an iframe
 * of exactly that size, and the app's page opens in the iframe, whose own
 * viewport its media queries and layout follow. Every command then goes to the
 * iframe (WebDriver's Switch To Frame), so a flow runs there as in a window.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { type EngineOptions, type EnginePage, emptyControl, retrying } from './engine-page'
import { describeTarget, findTarget, type Target } from './page-targets'
import { freePort } from './server-process'
import { type ElementRef, isElementRef, WebDriverSession } from './webdriver-client'
import { HeapLog, WEBKIT_HEAP_ENV, webKitJsHeapBytes } from './webkit-heap'

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

/**
 * Starts WebKitWebDriver on a free port under its own virtual display; it takes a moment to listen. Given
 * a heap log, the browser's processes log their collections (webkit-heap.ts) and the log takes them.
 */
async function startDriver(heapLog?: HeapLog): Promise<{ base: string; stop: () => void }> {
  requireTools()
  const port = await freePort()
  let log = ''
  // Its own process group: xvfb-run starts Xvfb and the driver, and all of them go together.
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1080x24', 'WebKitWebDriver', `--port=${port}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: heapLog ? { ...process.env, ...WEBKIT_HEAP_ENV } : process.env,
    },
  )
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += heapLog ? heapLog.take(String(chunk)) : chunk))
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

const innerSize = (session: WebDriverSession) =>
  session.execute<[number, number]>((() => [window.innerWidth, window.innerHeight]).toString(), null)

/**
 * Sizes the window so that its page (the window less the browser's own bars) is `size`, as near as the
 * window goes; answers whether the page's width is `size`'s (if not, the window cannot be that narrow).
 */
async function fitWindow(session: WebDriverSession, size: { width: number; height: number }) {
  await session.setWindowRect(size)
  const [width, height] = await innerSize(session)
  if (width !== size.width || height !== size.height)
    await session.setWindowRect({
      width: 2 * size.width - width,
      height: 2 * size.height - height,
    })
  return (await innerSize(session))[0] === size.width
}

/**
 * The page the window shows around the frame: of the app's origin, so the frame's document and storage
 * are the app's, and not the app, so only the frame runs it: the server's answer to an /api address it
 * does not have (the service worker answers every other navigation with the app's page). Its
 * Content-Security-Policy is the app's, and the frame's document keeps it.
 */
const FRAME_HOST = '/api/webkit-frame-host'

/**
 * Runs in the host document: puts the app's page (index.html, as the server gives it) in an iframe of
 * `width`×`height` at `path`, and resolves once that page has loaded. The iframe's document is written
 * by this script rather than loaded: every answer of the server forbids framing (frame-ancestors
 * 'none'), and a written document is not an answer. It takes this document's origin, address (then
 * moved to `path`) and Content-Security-Policy.
 */
async function frameApp({ path, width, height }: { path: string; width: number; height: number }) {
  const html = await (await fetch('/index.html', { cache: 'no-store' })).text()
  document.body.replaceChildren()
  // Dark beside the frame, so a screenshot shows where the frame ends.
  document.body.style.cssText = 'margin:0;background:#334155'
  const frame = document.createElement('iframe')
  frame.title = 'Outpost'
  frame.style.cssText = `display:block;border:0;width:${width}px;height:${height}px`
  document.body.append(frame)
  const page = frame.contentDocument as Document
  page.open()
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
  frame.contentWindow?.history.replaceState(null, '', path)
  page.write(html)
  page.close()
  if (page.readyState !== 'complete') await loaded
  if (page.compatMode !== 'CSS1Compat') throw new Error('the framed page is in quirks mode')
}

export async function openWebKit({
  size = { width: 1280, height: 800 },
  measuresHeap,
}: EngineOptions = {}): Promise<EnginePage> {
  const heapLog = measuresHeap ? new HeapLog() : undefined
  const driver = await startDriver(heapLog)
  let session: WebDriverSession
  let framed: boolean
  try {
    session = await WebDriverSession.create(driver.base, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      // Leaving with unsynced changes asks first (beforeunload); the flows mean to leave.
      unhandledPromptBehavior: 'accept',
    })
    framed = !(await fitWindow(session, size))
    await session.setTimeouts({ script: 60_000, pageLoad: 60_000 })
  } catch (error) {
    driver.stop()
    throw error
  }
  /** A full navigation: in a frame, a new host document and a new frame holding the app's page at `url`. */
  const goto = async (url: string) => {
    if (!framed) return void (await session.navigate(url))
    await session.switchToFrame(null)
    await session.navigate(new URL(FRAME_HOST, url).href)
    const { pathname, search, hash } = new URL(url)
    await session.execute(frameApp.toString(), { path: `${pathname}${search}${hash}`, ...size })
    const frame = await session.execute<unknown>((() => document.querySelector('iframe')).toString(), null)
    if (!isElementRef(frame)) throw new Error('the frame holding the app was not found')
    await session.switchToFrame(frame)
  }
  const url = () =>
    framed ? session.execute<string>((() => location.href).toString(), null) : session.currentUrl()
  const element = async (target: Target): Promise<ElementRef> => {
    const found = await session.execute<unknown>(findTarget.toString(), target)
    if (!isElementRef(found)) throw new Error(`${describeTarget(target)} is not shown`)
    return found
  }
  return {
    engine: 'webkit',
    goto,
    reload: async () => (framed ? goto(await url()) : void (await session.refresh())),
    url,
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
    // After the page's next two frames: WebKitGTK's picture is of the last one drawn, and a picture taken as
    // soon as the page changed showed it before the change. In a frame, the window's picture is cut to the
    // frame at its top left (WebKitGTK's picture of the iframe element alone blacks out its top rows).
    screenshot: async (path) => {
      await session.execute(
        (() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))).toString(),
        null,
      )
      const picture = Buffer.from(await session.screenshot(), 'base64')
      if (!framed) return writeFileSync(path, picture)
      const { default: sharp } = await import('sharp')
      await sharp(picture)
        .extract({ left: 0, top: 0, ...size })
        .toFile(path)
    },
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
    ...(heapLog && { jsHeapBytes: () => webKitJsHeapBytes(session, heapLog) }),
  }
}
