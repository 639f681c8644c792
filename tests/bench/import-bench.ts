/**
 * An import of a spreadsheet of 100,000 contacts (BENCH_IMPORT_ROWS) into a new device, in the built
 * app in Chromium, offline, as staff use it: the file handed to 'Import CSV', then
 * - read (in the worker), every row checked and planned against the device: from the file's choice to
 *   "… will be added." on screen;
 * - saved on the device: from the click on 'Import 100,000 contacts' to the notice that they are;
 * - back online, sent: until the outbox is empty and the server counts every row.
 * The rows name 2,000 companies, none on the device, so the import makes them too. Printed, never asserted.
 */
import { chooseFile } from '../e2e/choose-file'
import { settled, shownText, signIn } from '../e2e/engine-flows'
import { networkSwitch } from '../e2e/network-switch'
import { openEngine } from '../e2e/open-engine'
import { apiSession, startServer } from '../e2e/server-process'
import { until } from '../e2e/signed-in'
import { storeCountIn } from '../e2e/store-count'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const COMPANIES = 2_000
const DEPARTMENTS = ['Planning', 'Engineering', 'Logistics', 'Sales', 'IT']
const FIRST = ['Ada', 'Zoë', 'Émile', 'Grace', 'Linus', 'Ken', 'Barbara', 'Alan']

/** The spreadsheet: one contact a row, each with its own email and phone number. */
function spreadsheet() {
  const lines = ['First Name,Last Name,Email,Phone,Department,Company,Title']
  for (let n = 0; n < ROWS; n++)
    lines.push(
      [
        FIRST[n % FIRST.length],
        `Bench ${n}`,
        `person${n}@example${n % 5}.com`,
        `+44 20 ${String(n).padStart(8, '0')}`,
        DEPARTMENTS[n % DEPARTMENTS.length],
        `"Company ${n % COMPANIES}, Ltd"`,
        'Field Engineer',
      ].join(','),
    )
  return lines.join('\r\n')
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export async function importBench() {
  const server = await startServer()
  const network = await networkSwitch(server.url)
  const page = await openEngine('chromium')
  try {
    const text = spreadsheet()
    await signIn(page, network.url)
    await settled(page)
    network.cut()
    await page.goto(`${network.url}/contacts/import`)
    await until(
      () => shownText(page),
      (shown) => shown.includes('Choose a file'),
      'the import page',
      60_000,
    )
    const n = ROWS.toLocaleString('en')
    const chosen = Date.now()
    await chooseFile(page, 'contacts.csv', text)
    await until(
      () => shownText(page),
      (shown) => shown.includes(`${n} contacts will be added.`),
      'the plan',
      600_000,
    )
    const planned = Date.now()
    await page.click({ role: 'button', name: `Import ${n} contacts` })
    const clicked = Date.now()
    await until(
      () => shownText(page),
      (shown) => shown.includes(`${n} contacts added`),
      'the rows saved',
      900_000,
    )
    const saved = Date.now()
    network.restore()
    await until(
      () => page.evaluate(storeCountIn, 'outbox'),
      (left) => left === 0,
      'the outbox sent',
      1_800_000,
    )
    const sent = Date.now()
    const api = await apiSession(server.url)
    const { totalDocs } = await api.get<{ totalDocs: number }>('contacts?limit=1&depth=0')
    console.log(
      `chromium, ${n} rows (${(text.length / 1024 / 1024).toFixed(1)} MB, ${COMPANIES.toLocaleString('en')} new companies): ` +
        `read, checked and planned in ${seconds(planned - chosen)}; saved on the device in ${seconds(saved - clicked)} ` +
        `(${Math.round(ROWS / ((saved - clicked) / 1000)).toLocaleString('en')} rows/s); file to saved ${seconds(saved - chosen)}; ` +
        `sent once back online in ${seconds(sent - saved)}; the server counts ${totalDocs.toLocaleString('en')} contacts`,
    )
  } finally {
    await page.close().catch(() => undefined)
    await network.close()
    await server.stop()
  }
}
