/**
 * An open edit screen follows its record (features/records/use-record-follow.ts, use-draft.ts): a
 * colleague's change pulled while it is open shows in the form at once with a quiet note of who made
 * it; a change to a field being typed keeps the typing and shows their value beside it, with 'Use
 * theirs'; this screen's own save is no news.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../../src/domain/history'
import { contactHistoryServer, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const FIRST = '00000000-0000-4000-8000-000000000001'

const byGrace = (version: number, changes: HistoryEntry['changes']): HistoryEntry => ({
  action: 'updated',
  version,
  at: new Date().toISOString(),
  madeAt: null,
  by: 'Grace Hopper',
  changes,
})

async function openFirst(entries: HistoryEntry[]) {
  const runtime = makeRuntime(undefined, contactHistoryServer(FIRST, entries))
  await seedContacts(runtime.db, 2)
  renderApp(`/contacts/edit/${FIRST}`, { runtime })
  await screen.findByRole('button', { name: 'Update Contact' })
  return runtime
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('an open edit screen follows its record', () => {
  beforeEach(() => storeSession())

  it("shows a colleague's change at once, and who made it", async () => {
    const entries: HistoryEntry[] = []
    const runtime = await openFirst(entries)
    expect(field('Title').value).toBe('Planner')
    // The pull brings Grace's change (and the History card reads who made it).
    entries.unshift(byGrace(2, { title: { from: 'Planner', to: 'Rear Admiral' } }))
    await runtime.db.contacts.update(FIRST, { title: 'Rear Admiral', version: 2 })
    await waitFor(() => expect(field('Title').value).toBe('Rear Admiral'))
    const note = await screen.findByText('Grace Hopper changed Title just now.')
    expect(note.closest('[role="status"]')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByText(/changed Title just now/)).toBeNull())
  })

  it("keeps the typing of a field they changed meanwhile, shows theirs beside it, and 'Use theirs' takes it", async () => {
    const entries: HistoryEntry[] = []
    const runtime = await openFirst(entries)
    fireEvent.change(field('Phone'), { target: { value: '+44 20 7946 1111' } })
    entries.unshift(byGrace(2, { phone: { from: '+44 20 7946 0001', to: '+44 20 7946 0199' } }))
    await runtime.db.contacts.update(FIRST, { phone: '+44 20 7946 0199', version: 2 })
    await screen.findByText(
      'Grace Hopper changed this to “+44 20 7946 0199” while you were typing. Saving keeps what you typed.',
    )
    expect(field('Phone').value).toBe('+44 20 7946 1111')
    fireEvent.click(screen.getByRole('button', { name: 'Use theirs' }))
    await waitFor(() => expect(field('Phone').value).toBe('+44 20 7946 0199'))
    expect(screen.queryByText(/while you were typing/)).toBeNull()
  })

  it('says nothing of its own save, nor of the server echoing it back', async () => {
    const runtime = await openFirst([])
    fireEvent.change(field('Title'), { target: { value: 'Chief Planner' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await screen.findByText('Saved - This contact has been updated successfully.')
    // The server's answer: the same value at the next version.
    await runtime.db.contacts.update(FIRST, { version: 2 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByText(/just now\./)).toBeNull()
    expect(field('Title').value).toBe('Chief Planner')
  })
})
