/**
 * The entity kit, proven over every entity's screen description: each list,
 * add and edit screen, its texts, its sidebar entry and its delete dialog
 * behave alike, because they are one implementation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { mirrorOf } from '../../../../src/db/tables'
import { collections } from '../../../../src/domain/collections'
import { SCREENS } from '../../../../src/features/records/screens'
import { currentPath, makeRuntime, renderApp, storeSession } from '../../helpers'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

describe.each(SCREENS.map((entity) => [entity.collection, entity] as const))('%s screens', (_, entity) => {
  const { collection, texts, paths, titles } = entity
  const { label } = collections[collection]
  // Each entity's first field is its name, the one it requires.
  const nameField = entity.addFields[0] as (typeof entity.addFields)[number]

  beforeEach(() => storeSession())

  async function seed(runtime: ReturnType<typeof makeRuntime>, names: string[]) {
    const ids: string[] = []
    for (const name of names) {
      const result = await runtime.mutate.add(collection, { [nameField.name]: name })
      if (!result.ok) throw new Error(JSON.stringify(result.errors))
      ids.push(result.id)
    }
    await runtime.db.outbox.clear()
    return ids
  }

  it('lists from the mirror with its title, heading, add button and sidebar entry, and searches', async () => {
    const runtime = makeRuntime()
    await seed(runtime, ['Northwind Alpha', 'Contoso Beta', 'Fabrikam Gamma'])
    renderApp(paths.list, { runtime })
    await screen.findByRole('heading', { level: 2, name: texts.listHeading })
    expect(screen.getByRole('heading', { level: 1, name: titles.list })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe(`${titles.list} · Outpost`))
    expect(screen.getByRole('link', { name: texts.addButton }).getAttribute('href')).toBe(paths.add)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: entity.nav.label }).getAttribute('aria-current')).toBe(
      'page',
    )
    await screen.findByText('Contoso Beta')
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeTruthy()

    const search = screen.getByRole('searchbox', { name: 'Search records' })
    fireEvent.change(search, { target: { value: 'gamma' } })
    fireEvent.keyDown(search, { key: 'Enter' })
    await waitFor(() => expect(screen.queryByText('Contoso Beta')).toBeNull())
    expect(screen.getByText('Fabrikam Gamma')).toBeTruthy()
  })

  it('says when there is nothing yet, and offers to add the first', async () => {
    renderApp(paths.list, { runtime: makeRuntime() })
    await screen.findByText(`No ${texts.plural} yet`)
    expect(screen.getByRole('link', { name: texts.firstButton }).getAttribute('href')).toBe(paths.add)
  })

  it('says it is downloading, with progress, while the first download runs: never "No … yet"', async () => {
    const runtime = makeRuntime()
    runtime.engine.status.set({ hydrate: { done: 1200, total: 100000 } })
    renderApp(paths.list, { runtime })
    await screen.findByText(`Downloading ${texts.plural}…`)
    expect(screen.getByText('1,200 of 100,000 records on this device')).toBeTruthy()
    expect(screen.queryByText(`No ${texts.plural} yet`)).toBeNull()
  })

  it('adds on this device, queues the create and opens the edit screen', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp(paths.add, { runtime })
    await screen.findByRole('heading', { level: 2, name: texts.addHeading })
    expect(screen.getByRole('heading', { level: 1, name: titles.add })).toBeTruthy()
    type(nameField.label, 'Initech')
    fireEvent.click(screen.getByRole('button', { name: texts.saveButton }))

    const edit = new RegExp(`^/${collection}/edit/[0-9a-f-]{36}$`)
    await waitFor(() => expect(currentPath(router)).toMatch(edit))
    const id = currentPath(router).split('/').at(-1) as string
    expect(await mirrorOf(runtime.db, collection).get(id)).toMatchObject({ [nameField.name]: 'Initech' })
    expect(await runtime.db.outbox.toArray()).toMatchObject([{ kind: 'create', collection, recordId: id }])
    await screen.findByRole('button', { name: texts.updateButton })
    expect(screen.getByRole('heading', { level: 1, name: titles.edit })).toBeTruthy()
  })

  it('keeps what was typed and says what is missing when the name is left out', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp(paths.add, { runtime })
    await screen.findByRole('heading', { level: 2, name: texts.addHeading })
    const other = entity.addFields.find((field) => field.widget === 'text' && field !== nameField)
    if (other) type(other.label, 'Kept as typed')
    fireEvent.click(screen.getByRole('button', { name: texts.saveButton }))

    await screen.findByText('This field is required.')
    expect(screen.getByLabelText(nameField.label).getAttribute('aria-invalid')).toBe('true')
    if (other) expect(fieldValue(other.label)).toBe('Kept as typed')
    expect(currentPath(router)).toBe(paths.add)
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('updates only what changed and says so in the product’s words', async () => {
    const runtime = makeRuntime()
    const [id] = await seed(runtime, ['Globex'])
    renderApp(paths.edit.replace('$id', id as string), { runtime })
    await screen.findByRole('button', { name: texts.updateButton })
    expect(fieldValue(nameField.label)).toBe('Globex')
    type(nameField.label, 'Globex Corporation')
    fireEvent.click(screen.getByRole('button', { name: texts.updateButton }))

    await screen.findByText(`Saved - This ${label} has been updated successfully.`)
    expect(await runtime.db.outbox.toArray()).toMatchObject([
      { kind: 'update', collection, patch: { [nameField.name]: 'Globex Corporation' } },
    ])
  })

  it('says clearly when the record no longer exists', async () => {
    renderApp(paths.edit.replace('$id', '00000000-0000-4000-8000-0000000000ff'), { runtime: makeRuntime() })
    await screen.findByText(`This ${label} no longer exists.`)
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(paths.list)
  })

  it('deletes from the list after asking, in the product’s words', async () => {
    const runtime = makeRuntime()
    const [, id] = await seed(runtime, ['Keep Me', 'Umbrella'])
    renderApp(paths.list, { runtime })
    await screen.findByText('Umbrella')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Umbrella' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Umbrella?' })
    expect(within(dialog).getByText(`You will not be able to recover this ${label}!`)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))

    await screen.findByText('Umbrella has been deleted.')
    await waitFor(() => expect(screen.queryByText('Umbrella')).toBeNull())
    expect(await mirrorOf(runtime.db, collection).get(id as string)).toBeUndefined()
    expect(await runtime.db.outbox.toArray()).toMatchObject([{ kind: 'delete', collection, recordId: id }])
  })

  it('forwards its section path to its list', async () => {
    const { router } = renderApp(paths.section, { runtime: makeRuntime() })
    await waitFor(() => expect(currentPath(router)).toBe(paths.list))
  })
})
