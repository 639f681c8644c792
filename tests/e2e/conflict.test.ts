/**
 * A conflict as staff meet it: a contact edited offline on a tablet while a
 * colleague changed the same field on the server. Back online, the edit screen
 * shows the per-field choice; keeping one's own title and taking the server's
 * phone lands exactly that on the server.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Contact } from '../../src/domain/contact'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { ADMIN, type RunningServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { viewport: { width: 768, height: 1024 }, network: true },
)

async function api(path: string, init: RequestInit = {}) {
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
  const answer = await fetch(`${server.url}/api/${path}`, {
    ...init,
    headers: { cookie, 'content-type': 'application/json', ...init.headers },
  })
  return answer.json()
}

it('lets the user choose per field, and the server gets exactly the choice', async () => {
  const { doc } = (await api('contacts', {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Samuel',
      lastName: 'Adeyemi',
      title: 'Planner',
      phone: '+1 713 555 0187',
    }),
  })) as { doc: Contact }
  await signInThroughUi(page, appUrl)
  await serviceWorkerInControl(page)
  await page.goto(`${appUrl}/contacts/edit/${doc.id}`)
  await page.getByLabel('Title').waitFor()

  await setOffline(true)
  await page.getByLabel('Title').fill('Lead Planner')
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0000')
  await page.getByRole('button', { name: 'Update Contact' }).click()
  // The edit is stored (and queued on version 1) before the colleague's change and the network come back.
  await page.getByText('Saved - This contact has been updated successfully.').waitFor()
  await api(`contacts/${doc.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ title: 'Chief Planner', phone: '+1 713 555 9999' }),
  })
  await setOffline(false)

  await page
    .getByText('Error while saving - This record was changed by someone else. (title)')
    .first()
    .waitFor()
  await page
    .getByRole('radio', { name: /take theirs/i })
    .nth(1)
    .check()
  await page.getByRole('button', { name: 'Apply choices' }).click()
  const final = await until(
    () => api(`contacts/${doc.id}`) as Promise<Contact>,
    (contact) => contact.title === 'Lead Planner',
    'the resolved change to reach the server',
  )
  expect(final).toMatchObject({ title: 'Lead Planner', phone: '+1 713 555 9999', version: 3 })
  await expect.poll(() => page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+1 713 555 9999')
})
