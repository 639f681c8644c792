/**
 * The Trash in real Chromium (features/records/trash-page.tsx): an Admin deletes a contact from
 * the list, finds it in the Trash with who deleted it, restores it, and it is back in the list and
 * on the server. Screenshots at a phone's, a tablet's and a laptop's size, with long values.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { chromiumRig } from './chromium-rig'
import { animationsEnded } from './engine-flows'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

let server: RunningServer
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page } = opened)
  },
  { signedIn: true },
)

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]
const NAME = 'Maximiliana-Alexandrina Vandenberghe-Oppenheimer'

interface TrashPage {
  docs: { doc: { id: string } }[]
}

it('deletes a contact, finds it in the Trash, and restores it to the list and the server', async () => {
  const api = await apiSession(server.url)
  const { doc } = await api.post<{ doc: { id: string } }>('contacts', {
    firstName: 'Maximiliana-Alexandrina',
    lastName: 'Vandenberghe-Oppenheimer',
    email: 'maximiliana.vandenberghe-oppenheimer@offshore-decommissioning.example.com',
  })
  await page.goto(`${server.url}/contacts/list`)
  // The row's link is its first column, the first name.
  const listed = page
    .getByRole('table', { name: 'All Contacts' })
    .getByRole('link', { name: 'Maximiliana-Alexandrina', exact: true })
  await listed.waitFor()

  await page.getByRole('button', { name: `Delete ${NAME}` }).click()
  await page
    .getByRole('dialog', { name: `Delete ${NAME}?` })
    .getByRole('button', { name: 'Yes, delete!' })
    .click()
  await page.getByText('Deleted!').waitFor()
  // The delete waits on the device for its undo, then leaves.
  await until(
    () => api.get<TrashPage>('contacts/trash'),
    (trash) => trash.docs.some((entry) => entry.doc.id === doc.id),
    'the delete to reach the server',
    40_000,
  )

  await page.getByRole('link', { name: 'Trash' }).click()
  const table = page.getByRole('table', { name: 'Deleted contacts' })
  await table.getByText(NAME).waitFor()
  expect(await table.getByText(/ by /).count()).toBe(1)
  for (const size of SIZES) {
    await page.setViewportSize(size)
    // The sidebar slides in or out at the new size: the picture is of the screen once it has settled.
    await animationsEnded(page)
    await page.screenshot({ path: `tests/e2e/screenshots/trash-${size.width}.png`, fullPage: true })
    // Nothing scrolls sideways, the long name included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }

  await page.getByRole('button', { name: `Restore ${NAME}` }).click()
  await page.getByText(`${NAME} is back.`).waitFor()
  await page.getByText('The Trash is empty: no contacts have been deleted lately.').waitFor()
  expect((await api.get<{ id: string }>(`contacts/${doc.id}`)).id).toBe(doc.id)

  await page.getByRole('link', { name: 'Back to the list' }).click()
  await listed.waitFor()
}, 120_000)
