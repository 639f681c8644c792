/** Chromium for the cross-engine flows: the same Debian Chromium and launcher as the Chromium-only tests. */
import { launchBrowser } from './chromium'
import { type EngineOptions, type EnginePage, NAME_HELPER, retrying } from './engine-page'
import { describeTarget, findTarget, type Target } from './page-targets'

export async function openChromium({ size, measuresHeap }: EngineOptions = {}): Promise<EnginePage> {
  const browser = await launchBrowser(size)
  await browser.context.addInitScript(NAME_HELPER)
  const page = browser.context.pages()[0] ?? (await browser.context.newPage())
  // Leaving with unsynced changes asks first (beforeunload); the flows mean to leave.
  page.on('dialog', (dialog) => void dialog.accept())
  const element = async (target: Target) => {
    const found = (await page.evaluateHandle(findTarget, target)).asElement()
    if (!found) throw new Error(`${describeTarget(target)} is not shown`)
    return found
  }
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    url: async () => page.url(),
    shows: (target) =>
      element(target).then(
        () => true,
        () => false,
      ),
    click: (target) =>
      retrying(`clicking ${describeTarget(target)}`, async () => (await element(target)).click()),
    fill: (label, value) =>
      retrying(`filling ${describeTarget({ label })}`, async () => (await element({ label })).fill(value)),
    press: (key) => page.keyboard.press(key),
    // The page runs the function on the argument it is handed; playwright's types cannot follow a generic one.
    evaluate: <A, T>(fn: (arg: A) => T | Promise<T>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => T | Promise<T>, arg as unknown),
    screenshot: async (path) => void (await page.screenshot({ path })),
    close: browser.close,
    ...(measuresHeap && {
      // What DevTools' Memory panel shows: CDP's JSHeapUsedSize (performance.memory is coarse and cached).
      jsHeapBytes: async () => {
        const cdp = await browser.context.newCDPSession(page)
        await cdp.send('Performance.enable')
        const { metrics } = await cdp.send('Performance.getMetrics')
        await cdp.detach()
        const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')
        if (!used) throw new Error('Chromium reported no JSHeapUsedSize')
        return used.value
      },
    }),
  }
}
