/**
 * `npm run audit`: Lighthouse (performance, accessibility, best practices)
 * with its desktop and mobile presets on the login screen and on the contacts
 * list signed in, against the built app on the real server; the scores go
 * into BENCHMARKS.md's Lighthouse section (the rest of the file is kept).
 *
 * Lighthouse is not a dependency of the project: it is fetched by npx, pinned
 * (12.x still runs on Node 20, which `engines` promises). Chromium is the
 * system's (CHROME_PATH, else /usr/bin/chromium). Signed in means a Chromium
 * profile in which the real login screen was used, handed to Lighthouse with
 * its storage left as it is.
 *
 * Its scores follow the machine's load (the mobile preset multiplies the main
 * thread's time by four), so each screen and preset is audited AUDIT_RUNS
 * times (3 unless set), the median is what the table shows, every run is
 * listed beside it, and the load average is written with them.
 * AUDIT_ONLY=login|list audits one screen and prints without writing the
 * file; AUDIT_KEEP=<dir> keeps each Lighthouse report there, to read its
 * opportunities and diagnostics.
 */
import { execFile } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { chromePath } from '../e2e/chromium'
import { startServer } from '../e2e/server-process'
import { signInThroughUi } from '../e2e/signed-in'
import { replaceSections } from './markdown-sections'

const LIGHTHOUSE = 'lighthouse@12.8.2'
const FILE = 'BENCHMARKS.md'
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
const run = promisify(execFile)
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3))
const ONLY = process.env.AUDIT_ONLY
const KEEP = process.env.AUDIT_KEEP

/** The viewports of Lighthouse's desktop and mobile presets. */
const DESKTOP = { width: 1350, height: 940 }
const MOBILE = { width: 412, height: 823 }

type Scores = Record<(typeof CATEGORIES)[number], number> & { landed: string }

/**
 * Lighthouse now and then fails to record its own trace ("Please run Lighthouse again", NO_NAVSTART with
 * Chromium 156): such a run says nothing about the page, so it is run again, up to twice.
 */
async function withRetries<T>(attempt: () => Promise<T>, left = 2): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    const said = String((error as { stderr?: unknown }).stderr ?? error)
    if (left === 0 || !said.includes('run Lighthouse again')) throw error
    console.log(`Lighthouse could not record this run (${said.trim().split('\n').at(-1)}); running it again`)
    return withRetries(attempt, left - 1)
  }
}

async function lighthouse(url: string, preset: 'desktop' | 'mobile', profile: string): Promise<Scores> {
  const report = join(profile, '..', `lighthouse-${preset}-${Date.now()}.json`)
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${report}`,
    // The signed-in profile must keep its session and its mirror.
    '--disable-storage-reset',
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ]
  await withRetries(() =>
    run('npx', args, {
      env: { ...process.env, CHROME_PATH: chromePath() },
      maxBuffer: 64 * 2 ** 20,
      timeout: 300_000,
    }),
  )
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: Record<string, { score: number | null }>
    finalDisplayedUrl?: string
  }
  if (KEEP) {
    mkdirSync(KEEP, { recursive: true })
    copyFileSync(
      report,
      join(KEEP, `${new URL(url).pathname.replaceAll('/', '_')}-${preset}-${Date.now()}.json`),
    )
  }
  rmSync(report, { force: true })
  return {
    ...Object.fromEntries(
      CATEGORIES.map((name) => [name, Math.round((result.categories[name]?.score ?? 0) * 100)]),
    ),
    // The page Lighthouse ended on: a signed-out profile would have been sent to the login screen.
    landed: new URL(result.finalDisplayedUrl ?? url).pathname,
  } as Scores
}

/** A Chromium profile signed in to the server, closed so Lighthouse can open it. */
async function signedInProfile(url: string) {
  const profile = mkdtempSync(join(tmpdir(), 'outpost-audit-'))
  // Signed in, then the list opened as each preset shows it (the mobile one by touch, whose targets and so
  // rows are taller), as a returning user has: the list then holds the height it had there while its rows
  // are read (src/ui/use-reserved-height.ts), and only a first visit ever shifts.
  for (const [viewport, touch] of [
    [DESKTOP, false],
    [MOBILE, true],
  ] as const) {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
      viewport,
      ...(touch ? { hasTouch: true, isMobile: true } : {}),
    })
    const page = context.pages()[0] ?? (await context.newPage())
    if (!touch) await signInThroughUi(page, url)
    await page.goto(`${url}/contacts/list`)
    await page.locator('tbody tr').first().waitFor()
    await page.waitForTimeout(500)
    await context.close()
  }
  return profile
}

/** The middle value (the lower middle of an even count). */
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number
const cell = (values: number[]) =>
  values.length === 1 || values.every((value) => value === values[0])
    ? String(values[0])
    : `${median(values)} (${values.join(', ')})`

const server = await startServer({ SEED_SAMPLE: '1' })
const rows: string[] = []
const profiles: string[] = []
/** The 1-minute load average before each Lighthouse run. */
const loads: number[] = []
const started = new Date()
try {
  const signedOut = mkdtempSync(join(tmpdir(), 'outpost-audit-'))
  profiles.push(signedOut)
  const signedIn = await signedInProfile(server.url)
  profiles.push(signedIn)
  const screens: Array<[string, string, string]> = [
    ['Login', `${server.url}/login`, signedOut],
    ['Contacts list (signed in)', `${server.url}/contacts/list`, signedIn],
  ]
  for (const [screen, url, profile] of screens) {
    if (ONLY && !url.endsWith(`/${ONLY}`)) continue
    for (const preset of ['desktop', 'mobile'] as const) {
      const runs: Scores[] = []
      for (let at = 0; at < RUNS; at++) {
        loads.push(loadavg()[0] as number)
        runs.push(await lighthouse(url, preset, profile))
      }
      const landed = runs.find((scores) => scores.landed !== new URL(url).pathname)?.landed
      const where = landed ? `${screen} (ended on ${landed})` : screen
      const [performance, accessibility, bestPractices] = CATEGORIES.map((name) =>
        cell(runs.map((scores) => scores[name])),
      )
      const line = `| ${where} | ${preset} | ${performance} | ${accessibility} | ${bestPractices} |`
      console.log(
        line,
        `(load ${loads
          .slice(-RUNS)
          .map((load) => load.toFixed(1))
          .join(', ')})`,
      )
      rows.push(line)
    }
  }
} finally {
  await server.stop()
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true })
}
if (ONLY) process.exit(0)

const range = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
const section = [
  `Lighthouse ${LIGHTHOUSE.split('@')[1]} (\`npm run audit\`, tests/bench/audit.ts) on the built app served by the real`,
  'server, in the same headless Chromium, with its desktop and mobile presets (mobile: an emulated',
  'mid-range phone on a throttled network). Goal: at least 95 in each.',
  '',
  `Each screen and preset ran ${RUNS} times; a cell is the median, with every run in brackets when they differ.`,
  `Run on ${started.toISOString().slice(0, 10)} at ${started.toISOString().slice(11, 16)} UTC with the 1-minute load average at ${range}`,
  `on the ${availableParallelism()} cores before each run: the mobile preset multiplies the main thread's observed time by four, so`,
  "its scores follow the machine's load as much as the code.",
  '',
  '| Screen | Preset | Performance | Accessibility | Best practices |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n')
const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : ''
const title = previous.split('\n', 1)[0]?.startsWith('# ')
  ? (previous.split('\n', 1)[0] as string)
  : '# Outpost benchmarks'
const intro = previous.split('\n## ', 1)[0]?.split('\n').slice(1).join('\n').trim() ?? ''
writeFileSync(
  FILE,
  replaceSections(previous, new Map([['Lighthouse', section]]), {
    title,
    intro: intro || 'Written by `npm run bench` and `npm run audit`.',
    order: [],
  }),
)
console.log(`Wrote the Lighthouse section of ${FILE}`)
