/**
 * A list sorted by its columns in each browser engine staff carry: on a laptop (1280×800) a header
 * click sorts ascending, a second descending, a third gives the list its own order back, the
 * header saying which (`aria-sort`); the order is kept over a reload. On a phone (390×844), where
 * the rows are cards with no headers, the 'Sort by' select does the same.
 */
import { describe, expect, it } from 'vitest'
import { settled, signIn, waitUntilShown } from './engine-flows'
import { ENGINES, type EngineName, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { openEngine } from './open-engine'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

/** Last names and titles in orders that differ: by title, the lists read otherwise than by name. */
const PEOPLE = [
  { firstName: 'Ada', lastName: 'Lovelace', title: 'Principal Analytical Engine Programme Architect' },
  { firstName: 'Grace', lastName: 'Hopper', title: 'Rear Admiral of Compilers' },
  { firstName: 'Alan', lastName: 'Turing', title: 'codebreaker' },
  { firstName: 'Émilie', lastName: 'du Châtelet', title: 'Translator of the Principia' },
  { firstName: 'Katherine', lastName: 'Johnson', title: '' },
]

/** The contacts' first names as the list shows them, top to bottom (a card's title is the whole name). */
const shownNames = (page: EnginePage) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll('tbody tr td:first-child a')).map(
        (link) => link.textContent?.trim() ?? '',
      ),
    null,
  )

const headerSort = (page: EnginePage, name: string) =>
  page.evaluate(
    (header) =>
      Array.from(document.querySelectorAll('th'))
        .find((th) => th.textContent?.trim() === header)
        ?.getAttribute('aria-sort') ?? null,
    name,
  )

const inOrder = (page: EnginePage, names: string[], what: string) =>
  until(
    () => shownNames(page),
    (shown) => names.every((name, i) => shown[i] === name),
    what,
  )

/** Chooses an order in the 'Sort by' select by its text, as picking it does (a change event). */
const sortBy = (page: EnginePage, label: string) =>
  page.evaluate((text) => {
    const select = Array.from(document.querySelectorAll('label')).find(
      (one) => one.textContent?.trim() === 'Sort by',
    )?.control as HTMLSelectElement | null
    const option = Array.from(select?.options ?? []).find((one) => one.textContent === text)
    if (!select || !option) throw new Error(`no Sort by option "${text}"`)
    select.value = option.value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }, label)

async function seed(server: RunningServer, engine: EngineName) {
  const api = await apiSession(server.url)
  for (const person of PEOPLE)
    await api.post('contacts', {
      ...person,
      email: `${person.lastName.replace(/\W/g, '')}.${engine}@example.com`,
    })
}

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('sorts the list by a header, both ways and back, and keeps the order over a reload', async () => {
    await seed(server, engine)
    await signIn(page, network.url)
    await settled(page)
    await page.goto(`${network.url}/contacts/list`)
    // The list's own order: by last name ('du Châtelet' by its lowercase, as the server sorts).
    await inOrder(page, ['Émilie', 'Grace', 'Katherine', 'Ada', 'Alan'], 'the list in its own order')
    expect(await headerSort(page, 'Last Name')).toBe('ascending')

    await page.click({ role: 'button', name: 'Title' })
    // Titles ignoring case, the empty one first.
    await inOrder(page, ['Katherine', 'Alan', 'Ada', 'Grace', 'Émilie'], 'the list by title')
    expect(await headerSort(page, 'Title')).toBe('ascending')
    expect(await headerSort(page, 'Last Name')).toBeNull()
    await page.click({ role: 'button', name: 'Title' })
    await inOrder(page, ['Émilie', 'Grace', 'Ada', 'Alan', 'Katherine'], 'the list by title, descending')
    expect(await headerSort(page, 'Title')).toBe('descending')
    await page.screenshot(`${shots}/list-sort-1280-${engine}.png`)

    await page.reload()
    await inOrder(page, ['Émilie', 'Grace', 'Ada', 'Alan', 'Katherine'], 'the order kept over a reload')
    await page.click({ role: 'button', name: 'Title' })
    await inOrder(page, ['Émilie', 'Grace', 'Katherine', 'Ada', 'Alan'], 'the list in its own order again')
    expect(await headerSort(page, 'Last Name')).toBe('ascending')
  }, 180_000)

  it("sorts a phone's cards with 'Sort by'", async () => {
    const phone = await openEngine(engine, { size: { width: 390, height: 844 } })
    try {
      await signIn(phone, network.url)
      await settled(phone)
      await phone.goto(`${network.url}/contacts/list`)
      await waitUntilShown(phone, { label: 'Sort by' })
      await inOrder(phone, ['Émilie', 'Grace', 'Katherine', 'Ada', 'Alan'], 'the cards in their own order')
      await sortBy(phone, 'First Name, Z to A')
      await inOrder(
        phone,
        ['Émilie', 'Katherine', 'Grace', 'Alan', 'Ada'],
        'the cards by first name, descending',
      )
      await phone.screenshot(`${shots}/list-sort-390-${engine}.png`)
    } finally {
      await phone.close()
    }
  }, 180_000)
})
