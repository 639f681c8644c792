/**
 * axe-core in the page under test: the serious and critical WCAG 2 A/AA
 * violations of what is on screen now. Evaluated through the DevTools
 * protocol, so the app's Content-Security-Policy does not have to allow it.
 * (knip.json ignores axe-core: it is read from its file, which knip cannot follow.)
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest, not halfway through a hover or current-entry transition.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  // A transition of 0.01 ms still waits for the page's next frame to end, and axe can run before it: a
  // link just made current then reads as its new background under its old text colour. Finish them.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.finish()
  })
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    })
    return result.violations
  })) as Violation[]
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => `${JSON.stringify(node.target)} (${node.failureSummary?.replace(/\s+/g, ' ')})`).join(', ')}`,
    )
}
