/**
 * The start of a bulk flow (engines-bulk-*.test.ts): three contacts of one family and one other
 * on the server; signed in, the list open, the network cut, the list searched for the family and its
 * page selected ('3 selected').
 */
import {
  openInApp,
  serviceWorkerInControl,
  settled,
  signIn,
  waitForText,
  waitUntilShown,
} from './engine-flows'
import type { EnginePage } from './engine-page'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

export async function searchedSelection(
  { page, server, network }: { page: EnginePage; server: RunningServer; network: NetworkSwitch },
  family: string,
) {
  const api = await apiSession(server.url)
  const ids: string[] = []
  for (const first of ['Anna', 'Bruno', 'Chiara'])
    ids.push(
      (await api.post<{ doc: { id: string } }>('contacts', { firstName: first, lastName: family })).doc.id,
    )
  const kept = (
    await api.post<{ doc: { id: string } }>('contacts', { firstName: 'Dora', lastName: 'Keepwell' })
  ).doc.id
  await signIn(page, network.url)
  await openInApp(page, '/contacts/list')
  await waitUntilShown(page, { label: `Select Anna ${family}` }, 60_000)
  await settled(page)
  await serviceWorkerInControl(page)

  network.cut()
  await page.fill('Search records', family)
  await waitUntilShown(page, { label: `Select Chiara ${family}` })
  await until(
    () => page.shows({ label: 'Select Dora Keepwell' }),
    (shown) => !shown,
    'the search to leave only its rows',
  )
  await page.click({ label: 'Select this page' })
  await waitForText(page, '3 selected')
  return { api, ids, kept }
}
