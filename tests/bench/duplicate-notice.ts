/**
 * Duplicates on screen, in the browser: an existing contact's email, and its mobile number written
 * another way, typed key by key into Add Contact, offline, with every contact in the mirror. Each is
 * timed from the typing's pause (the last key's `keydown` plus the form's own pause,
 * DUPLICATE_PAUSE_MS) until the notice naming that contact is in the DOM, and until the frame after
 * that, which paints it (a wait of up to a frame for Chromium's next one, whatever the work). The
 * goal: within a frame (p95 ≤ 16 ms) to the DOM. Printed, never asserted.
 */
import type { Page } from 'playwright-core'
import { DUPLICATE_PAUSE_MS } from '../../src/features/records/use-duplicates'
import { type Stat, stat } from './browser-bench'

export interface DuplicateTarget {
  name: string
  email: string
  mobile: string
}

export interface NoticeTimes {
  dom: Stat
  frame: Stat
}

export interface DuplicateNoticeFigures {
  email: NoticeTimes
  phone: NoticeTimes
}

/** Contacts to type again, spread over the list, asked of the server while the page is online. */
export async function duplicateTargets(page: Page, count: number): Promise<DuplicateTarget[]> {
  return page.evaluate(async (count) => {
    const targets: DuplicateTarget[] = []
    const { totalDocs } = await (await fetch('/api/contacts?limit=1')).json()
    for (let i = 0; i < count; i++) {
      const response = await fetch(`/api/contacts?limit=1&page=${1 + ((i * 7919) % totalDocs)}`)
      const [doc] = (await response.json()).docs as Record<string, string>[]
      if (doc)
        targets.push({
          name: `${doc.firstName} ${doc.lastName}`,
          email: doc.email ?? '',
          mobile: doc.mobile ?? '',
        })
    }
    return targets
  }, count)
}

/**
 * Runs in the page: resolves with the ms from the last key's pause until a notice naming `name` is in
 * the DOM, and until the frame after that. Self-contained: it is sent to the page as source text.
 */
function noticeAfterPause({ name, pauseMs }: { name: string; pauseMs: number }) {
  return new Promise<{ dom: number; frame: number }>((resolve, reject) => {
    let lastKey = 0
    const onKey = () => {
      lastKey = performance.now()
    }
    addEventListener('keydown', onKey, true)
    const shown = () =>
      [...document.querySelectorAll('main [role=status], main [role=alert]')].some(
        (notice) => notice.textContent?.includes('you already have') && notice.textContent.includes(name),
      )
    const observer = new MutationObserver(() => {
      if (!shown()) return
      const dom = performance.now() - (lastKey + pauseMs)
      observer.disconnect()
      clearTimeout(timeout)
      requestAnimationFrame(() => {
        removeEventListener('keydown', onKey, true)
        resolve({ dom, frame: performance.now() - (lastKey + pauseMs) })
      })
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    const timeout = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`no notice naming ${name} within 10 s`))
    }, 10_000)
  })
}

/** The same digits, grouped as nobody stored them: "+44 7700 004211" as "+44 (7700) 00-42-11". */
const regrouped = (phone: string) => {
  const digits = phone.replace(/\D/g, '')
  return `+${digits.slice(0, 2)} (${digits.slice(2, 6)}) ${digits.slice(6).replace(/(\d\d)(?=\d)/g, '$1-')}`
}

/** Types each target's email into one field, then its mobile into another, timing each notice; leaves both empty. */
export async function duplicateNoticeTimes(
  page: Page,
  targets: DuplicateTarget[],
): Promise<DuplicateNoticeFigures> {
  const time = async (label: string, value: (target: DuplicateTarget) => string) => {
    const field = page.getByLabel(label, { exact: true })
    const times: { dom: number; frame: number }[] = []
    for (const target of targets) {
      await field.click()
      const noticed = page.evaluate(noticeAfterPause, { name: target.name, pauseMs: DUPLICATE_PAUSE_MS })
      // A brisk typist: a key every 40 ms, each well inside the form's pause.
      await field.pressSequentially(value(target), { delay: 40 })
      times.push(await noticed)
      await field.fill('')
      await page.waitForFunction(
        () => !document.querySelector('main')?.textContent?.includes('you already have'),
      )
    }
    const figures = { dom: stat(times.map((t) => t.dom)), frame: stat(times.map((t) => t.frame)) }
    const said = (s: Stat) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`
    console.log(
      `duplicates on screen, ${label}: from the typing's pause to the notice in the DOM ${said(figures.dom)}, to its frame ${said(figures.frame)} (${times.length} runs)`,
    )
    return figures
  }
  const email = await time('Email', (target) => target.email)
  const phone = await time('Phone', (target) => regrouped(target.mobile))
  return { email, phone }
}
