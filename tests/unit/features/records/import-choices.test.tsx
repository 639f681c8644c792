/**
 * An import's choices are not lost before 'Import' is pressed (src/features/records/use-import-choices.ts):
 * the columns and the duplicates' choice are kept on the device as they are made, under the file's hash,
 * so the same file chosen again after a reload brings them back; another file gets the guess, and the
 * draft goes once the import is done.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, seedContacts, storeSession, type TestRuntime } from '../../helpers'

const CSV =
  'First Name,Last Name,E-mail,Notes\nGrace,Hopper,grace@example.com,Admiral\nAda,Again,person02@example.com,\n'
const OTHER = `${CSV}Linus,Torvalds,linus@example.com,Kernel\n`

const selectOf = (column: string) => screen.getByLabelText(`${column} imports as`) as HTMLSelectElement

/** The import page opened afresh on the device `runtime` holds (as a reload opens it), with `text` chosen. */
async function openWith(runtime: TestRuntime, text: string) {
  const view = renderApp('/contacts/import', { runtime })
  await screen.findByText('Choose a file')
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [new File([text], 'people.csv', { type: 'text/csv' })] } })
  await screen.findByRole('heading', { name: 'What will be saved' })
  return view
}

const importDrafts = async (runtime: TestRuntime) =>
  (await runtime.db.drafts.toArray()).filter((draft) => draft.key.startsWith('import:contacts:'))

describe("an import's choices before 'Import'", () => {
  beforeEach(() => storeSession())

  it('come back when the same file is chosen after a reload; another file gets the guess', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 3)
    const first = await openWith(runtime, CSV)
    expect(selectOf('Notes').value).toBe('')
    expect(selectOf('E-mail').value).toBe('email')
    fireEvent.change(selectOf('Notes'), { target: { value: 'title' } })
    fireEvent.click(screen.getByRole('radio', { name: /^Update the/ }))
    await waitFor(async () =>
      expect((await importDrafts(runtime))[0]?.edits).toEqual({
        mapping: ['firstName', 'lastName', 'email', 'title'],
        choice: 'update',
      }),
    )
    first.unmount()

    const again = await openWith(runtime, CSV)
    expect(selectOf('Notes').value).toBe('title')
    expect((screen.getByRole('radio', { name: /^Update the/ }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('Your choices for this file are back')).toBeTruthy()
    again.unmount()

    await openWith(runtime, OTHER)
    expect(selectOf('Notes').value).toBe('')
    expect((screen.getByRole('radio', { name: 'Skip them' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByText('Your choices for this file are back')).toBeNull()
  })

  it('a change back to the guess keeps no draft, and the import done drops it', async () => {
    const runtime = makeRuntime()
    await openWith(runtime, CSV)
    fireEvent.change(selectOf('Notes'), { target: { value: 'title' } })
    await waitFor(async () => expect(await importDrafts(runtime)).toHaveLength(1))
    fireEvent.change(selectOf('Notes'), { target: { value: '' } })
    await waitFor(async () => expect(await importDrafts(runtime)).toHaveLength(0))

    fireEvent.change(selectOf('Notes'), { target: { value: 'title' } })
    await waitFor(async () => expect(await importDrafts(runtime)).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 contacts' }))
    await screen.findByRole('heading', { name: 'All Contacts' })
    expect(await importDrafts(runtime)).toHaveLength(0)
    expect(await runtime.db.contacts.count()).toBe(2)
  })
})
