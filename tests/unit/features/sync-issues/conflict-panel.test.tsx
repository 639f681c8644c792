import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'
import { CONTACT_ID, queueConflict } from '../../outbox-fixtures'

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

async function openConflict(kind: 'update' | 'delete' = 'update') {
  const runtime = makeRuntime()
  await seedContacts(runtime.db, 2)
  const seq = await queueConflict(runtime.db, kind)
  renderApp(`/contacts/edit/${CONTACT_ID}`, { runtime })
  const panel = await screen.findByRole('alert')
  return { runtime, seq, panel }
}

describe('a conflicting edit on the edit screen', () => {
  beforeEach(() => storeSession())

  it('asks only about the fields someone else changed, and says the others are kept', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    const seq = await queueConflict(runtime.db)
    // On the server only the title moved: the phone is as this device last saw it.
    const op = await runtime.db.outbox.get(seq)
    await runtime.db.outbox.update(seq, { serverDoc: { ...op?.serverDoc, phone: op?.base.phone } })
    renderApp(`/contacts/edit/${CONTACT_ID}`, { runtime })
    const panel = await screen.findByRole('alert')
    const rows = within(panel).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldYoursOn the server',
      'Titlewas PlannerKeep mineDoctorTake theirsProfessor',
    ])
    expect(
      within(panel).getByText('Your change to Phone is kept either way: nobody else changed it.'),
    ).toBeTruthy()
  })

  it('shows the danger notice and the per-field diff with the old value', async () => {
    const { panel } = await openConflict()
    expect(
      within(panel).getByText('Error while saving - This record was changed by someone else. (title)'),
    ).toBeTruthy()
    const rows = within(panel).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldYoursOn the server',
      'Titlewas PlannerKeep mineDoctorTake theirsProfessor',
      'Phonewas +44 20 7946 0001Keep mine+1 222Take theirs+1 999',
    ])
    // Every field starts on "mine".
    expect(within(panel).getByRole('radio', { name: 'Keep mine for Title: Doctor' })).toHaveProperty(
      'checked',
      true,
    )
    expect(fieldValue('Title')).toBe('Doctor')
    expect(screen.getByText('Changes conflict with the server')).toBeTruthy()
  })

  it('keeps mine: the change goes back to the queue on the server version', async () => {
    const { runtime, panel } = await openConflict()
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep mine' }))

    await screen.findByText('Conflict resolved')
    expect(screen.getByText('Your version will be sent to the server.')).toBeTruthy()
    const [op] = await runtime.db.outbox.toArray()
    expect(op).toMatchObject({
      status: 'pending',
      baseVersion: 2,
      patch: { title: 'Doctor', phone: '+1 222' },
      base: { title: 'Professor', phone: '+1 999' },
    })
    expect(await runtime.db.contacts.get(CONTACT_ID)).toMatchObject({ version: 2, title: 'Doctor' })
    expect(runtime.afterWrite).toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(screen.getByText('Changes not synced yet')).toBeTruthy()
  })

  it("takes theirs: the change is dropped and the form shows the server's values", async () => {
    const { runtime, panel } = await openConflict()
    fireEvent.click(within(panel).getByRole('button', { name: 'Take theirs' }))

    await screen.findByText('Conflict resolved')
    expect(await runtime.db.outbox.count()).toBe(0)
    expect(await runtime.db.contacts.get(CONTACT_ID)).toMatchObject({ title: 'Professor', phone: '+1 999' })
    await waitFor(() => expect(fieldValue('Title')).toBe('Professor'))
    expect(fieldValue('Phone')).toBe('+1 999')
    // The fields follow the record, the status line the record's queue: separate live queries.
    await screen.findByText('All changes synced')
  })

  it('applies a choice per field', async () => {
    const { runtime, panel } = await openConflict()
    fireEvent.click(within(panel).getByRole('radio', { name: 'Take theirs for Title: Professor' }))
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply choices' }))

    await screen.findByText('Conflict resolved')
    const [op] = await runtime.db.outbox.toArray()
    expect(op).toMatchObject({ status: 'pending', patch: { phone: '+1 222' }, base: { phone: '+1 999' } })
    expect(await runtime.db.contacts.get(CONTACT_ID)).toMatchObject({ title: 'Professor', phone: '+1 222' })
    await waitFor(() => expect(fieldValue('Title')).toBe('Professor'))
    expect(fieldValue('Phone')).toBe('+1 222')
  })
})

describe('a conflicting deletion', () => {
  beforeEach(() => storeSession())

  it('shows what the other person changed since this device deleted it', async () => {
    const { panel } = await openConflict('delete')
    expect(within(panel).getByText('What they changed:')).toBeTruthy()
    const changed = within(panel)
      .getAllByRole('definition')
      .map((value) => value.textContent)
    expect(changed).toEqual(['Planner → Professor', '+44 20 7946 0001 → +1 999'])
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Title', 'Phone'])
  })

  it('keeps their version: the contact comes back and the form opens', async () => {
    const { runtime, panel } = await openConflict('delete')
    expect(screen.getByText('This contact no longer exists.')).toBeTruthy()
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep their version' }))

    await screen.findByRole('button', { name: 'Update Contact' })
    expect(fieldValue('Title')).toBe('Professor')
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('deletes anyway: the deletion is queued again against the server version', async () => {
    const { runtime, panel, seq } = await openConflict('delete')
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete anyway' }))

    await screen.findByText('Your deletion will be sent to the server.')
    expect(await runtime.db.outbox.get(seq)).toMatchObject({
      kind: 'delete',
      status: 'pending',
      baseVersion: 2,
    })
    expect(await runtime.db.contacts.get(CONTACT_ID)).toBeUndefined()
  })
})
