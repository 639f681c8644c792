/**
 * axe-core in any engine the cross-engine harness drives: the serious and
 * critical WCAG 2 A/AA violations of what is on screen now, as axe.ts finds
 * them in Chromium. axe's source travels inside the function the driver sends
 * (each driver runs a function from its source text), so nothing is added to
 * the page through a script tag the app's Content-Security-Policy would refuse.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { EnginePage } from './engine-page'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Runs in the page after axe's source: colours at rest (transitions finished), then axe on the document. */
function runAxe(tags: string[]) {
  // A spinner turns for ever: it has no end to jump to, and no colour of its own to judge.
  for (const animation of document.getAnimations())
    if (animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish()
  type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }
  const axe = (
    window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
  ).axe
  return axe
    .run(document, { runOnly: { type: 'tag', values: tags } })
    .then(({ violations }) =>
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
        ),
    )
}

// A function whose source is axe's, then runAxe's call: built here (Node has no CSP), run there.
const axeThenRun = new Function('tags', `${axeSource}\n;return (${runAxe.toString()})(tags)`) as (
  tags: string[],
) => Promise<string[]>

export const seriousViolationsIn = (page: EnginePage) =>
  page.evaluate(axeThenRun, ['wcag2a', 'wcag2aa', 'wcag21aa'])
