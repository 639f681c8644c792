/**
 * 'Export CSV' in Chromium, offline: the list's search and order go into the file, every record the
 * list counts is in it (not one page), and its values come back as they were typed.
 */
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { apiSession } from './server-process'
import { until } from './signed-in'

let rig: ChromiumRig
chromiumRig(
  (opened) => {
    rig = opened
  },
  { signedIn: true, network: true },
)

describe('exporting a list', () => {
  it('saves every record the list shows, in its order, from the device with no network', async () => {
    const api = await apiSession(rig.server.url)
    // 23 in Engineering (three pages of 10), names in no particular order; 5 elsewhere.
    for (let n = 0; n < 28; n++)
      await api.post('contacts', {
        firstName: `Émile ${String((n * 11) % 28).padStart(2, '0')}`,
        lastName: n === 0 ? 'Quote "the", comma' : `Field ${n}`,
        department: n < 23 ? 'Engineering' : 'Sales',
        phone: '+44 20 7946 0123',
      })
    const { page } = rig
    const url = (rig.network ?? rig.server).url
    await page.goto(`${url}/contacts/list`)
    await until(
      () => page.getByText('Showing 1 to 10 of 28 entries').count(),
      (count) => count === 1,
      'every contact on the device',
    )
    await page.getByPlaceholder('Search records').fill('engineering')
    await page.getByPlaceholder('Search records').press('Enter')
    await page.getByText('Showing 1 to 10 of 23 entries').waitFor()
    await page.getByRole('button', { name: 'First Name' }).click()
    await page.getByRole('button', { name: 'First Name' }).click()
    await page
      .getByRole('columnheader', { name: 'First Name' })
      .and(page.locator('[aria-sort="descending"]'))
      .waitFor()
    const firstShown = await page.locator('tbody tr td:first-child a').first().textContent()

    rig.network?.cut()
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/)
    await page.getByText(`Exported 23 contacts to ${download.suggestedFilename()}.`).waitFor()
    const text = readFileSync(await download.path(), 'utf8')
    rig.network?.restore()

    expect(text.startsWith('\ufeff')).toBe(true)
    const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data as string[][]
    expect(rows).toHaveLength(23)
    const first = header?.indexOf('First Name') ?? -1
    const names = rows.map((row) => row[first] as string)
    expect(names[0]).toBe(firstShown)
    expect(names).toEqual([...names].sort().reverse())
    expect(rows.map((row) => row[header?.indexOf('Last Name') ?? -1])).toContain('Quote "the", comma')
    expect(new Set(rows.map((row) => row[header?.indexOf('Department') ?? -1]))).toEqual(
      new Set(['Engineering']),
    )
    // A phone number beginning with + is written so no spreadsheet takes it for a formula.
    expect(rows[0]?.[header?.indexOf('Phone') ?? -1]).toBe("'+44 20 7946 0123")
    await page.screenshot({ path: 'tests/e2e/screenshots/list-export-1280.png' })
  }, 180_000)
})
