/**
 * 'Import CSV' of an Excel workbook, in every engine: 3,000 contacts on its first sheet (a sheet that
 * big is unzipped in the reader's worker, not in a worker of its own, which the app's
 * Content-Security-Policy would refuse), phone numbers stored as numbers, a company by its name. The
 * import says what it will save, saves it, and the server then holds each row once, every phone
 * number's digits whole.
 */
import { describe, expect, it } from 'vitest'
import { chooseFile } from './choose-file'
import { settled, signIn, waitForText } from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'
import { xlsxWorkbook } from './xlsx-workbook'

const ROWS = 3_000
const shots = 'tests/e2e/screenshots'

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('imports the first sheet of a workbook, and the server gets each row once', async () => {
    const family = `Workbook-${engine}`
    const api = await apiSession(server.url)
    const acme = await api.post<{ doc: { id: string } }>('companies', { companyName: `Acme ${engine}` })
    const people = Array.from({ length: ROWS }, (_, n) => [
      `Person ${n}`,
      family,
      `person${n}.${engine}@example.com`,
      447_700_900_000 + n,
      n % 2 ? `Acme ${engine}` : null,
      `Regional Director of Field Operations and Customer Success, Northern Territories ${n}`,
    ])
    const workbook = xlsxWorkbook({
      Contacts: [['First Name', 'Last Name', 'Email', 'Phone', 'Company', 'Job Title'], ...people],
      Notes: [['Sent to the team on Monday']],
    })
    const n = ROWS.toLocaleString('en')

    await signIn(page, network.url)
    await settled(page)
    await page.goto(`${network.url}/contacts/import`)
    await waitForText(page, 'Choose a CSV file or an Excel workbook (.xlsx) saved from a spreadsheet.')
    await chooseFile(page, 'contacts.xlsx', workbook)
    await waitForText(page, `${n} contacts will be added.`, 60_000)
    await page.screenshot(`${shots}/import-workbook-${engine}.png`)
    await page.click({ role: 'button', name: `Import ${n} contacts` })
    await waitForText(page, `${n} contacts added, 0 updated, 0 skipped.`, 90_000)

    type Found = { totalDocs: number; docs: Record<string, unknown>[] }
    const found = (query: string) =>
      api.get<Found>(`contacts?where[lastName][equals]=${encodeURIComponent(family)}&depth=0&${query}`)
    await until(
      () => found('limit=1'),
      ({ totalDocs }) => totalDocs >= ROWS,
      'the imported contacts to reach the server',
      120_000,
    )
    expect((await found('limit=1')).totalDocs).toBe(ROWS)
    const last = await found(`where[firstName][equals]=${encodeURIComponent(`Person ${ROWS - 1}`)}`)
    expect(last.docs).toHaveLength(1)
    expect(last.docs[0]).toMatchObject({
      email: `person${ROWS - 1}.${engine}@example.com`,
      phone: String(447_700_900_000 + ROWS - 1),
      company: { value: acme.doc.id },
      title: `Regional Director of Field Operations and Customer Success, Northern Territories ${ROWS - 1}`,
    })
  }, 300_000)
})
