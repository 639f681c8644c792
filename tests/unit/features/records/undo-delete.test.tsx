/**
 * Undo after a delete: the delete waits on the device for a few seconds (mutators.ts, UNDO_MS), and
 * 'Undo' in the notice puts the record back as it was, with its queued changes, while it waits.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { UNDO_MS } from '../../../../src/sync/mutators'
import { makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'

const SECOND = '00000000-0000-4000-8000-000000000002'

async function deleteSecond(runtime = makeRuntime()) {
  await seedContacts(runtime.db, 3)
  renderApp('/contacts/list', { runtime })
  await screen.findByText('First02')
  fireEvent.click(screen.getByRole('button', { name: 'Delete First02 Person 02' }))
  const dialog = await screen.findByRole('dialog', { name: 'Delete First02 Person 02?' })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))
  await screen.findByText('Deleted!')
  await waitFor(() => expect(screen.queryByText('First02')).toBeNull())
  return runtime
}

describe('undoing a delete', () => {
  beforeEach(() => storeSession())

  it('keeps the delete on the device for a while, then lets it go', async () => {
    const before = Date.now()
    const runtime = await deleteSecond()
    const [op] = await runtime.db.outbox.toArray()
    expect(op).toMatchObject({ kind: 'delete', recordId: SECOND, status: 'pending' })
    expect(op?.nextAttemptAt).toBeGreaterThanOrEqual(before + UNDO_MS)
  })

  it("'Undo' puts the record back, in the list too, and nothing is sent", async () => {
    const runtime = await deleteSecond()
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await screen.findByText('Restored')
    expect(screen.getByText('First02 Person 02 is back.')).toBeTruthy()
    expect(await runtime.db.contacts.get(SECOND)).toMatchObject({ firstName: 'First02', version: 1 })
    expect(await runtime.db.outbox.count()).toBe(0)
    await screen.findByText('First02')
  })

  it('says it is too late once the delete has left', async () => {
    const runtime = await deleteSecond()
    // The sync took it (the device is back online and the wait is over).
    await runtime.db.outbox.toCollection().modify({ status: 'inflight', attempts: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await screen.findByText('Too late to undo')
    expect(
      screen.getByText(
        'The delete of First02 Person 02 has reached the server. An Admin can restore it from the Trash.',
      ),
    ).toBeTruthy()
    expect(await runtime.db.contacts.get(SECOND)).toBeUndefined()
  })

  it("an Admin's late 'Undo' restores the record from the Trash", async () => {
    const admin = { ...testUser, role: 'Admin' as const }
    storeSession(admin)
    const restores: string[] = []
    const runtime = await deleteSecond(
      makeRuntime(admin, async (request) => {
        if (request.method === 'POST') restores.push(request.path)
        return { status: 200, headers: {}, body: {} }
      }),
    )
    await runtime.db.outbox.toCollection().modify({ status: 'inflight', attempts: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await screen.findByText('Restored')
    expect(screen.getByText('First02 Person 02 is back.')).toBeTruthy()
    expect(restores).toEqual([`contacts/${SECOND}/restore`])
    // The record comes back with the change feed, as on every other device.
    expect(runtime.afterRestore).toHaveBeenCalledTimes(1)
  })
})
