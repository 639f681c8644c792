/**
 * Presence on the edit screen (features/records/use-others-viewing.ts, src/sync/presence-board.ts):
 * the screen tells the server which record it has open, and takes it back on leaving; it names the
 * others who have it open (not oneself), as the feed stream says, and no one once the stream is lost.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { PresenceBoard } from '../../../../src/sync/presence-board'
import type { ApiRequest } from '../../../../src/transport/http'
import { makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'

const FIRST = '00000000-0000-4000-8000-000000000001'
const RECORD = `contacts:${FIRST}`

async function openFirst() {
  const said: ApiRequest[] = []
  const runtime = makeRuntime()
  runtime.presence = new PresenceBoard(testUser.id, async (request) => {
    said.push(request)
    return { status: 204, headers: {}, body: null }
  })
  await seedContacts(runtime.db, 2)
  renderApp(`/contacts/edit/${FIRST}`, { runtime })
  await screen.findByRole('button', { name: 'Update Contact' })
  return { runtime, said }
}

describe('who else has the record open', () => {
  beforeEach(() => storeSession())

  it('tells the server this screen has the record open, and takes it back on leaving', async () => {
    const { said } = await openFirst()
    await waitFor(() => expect(said.length).toBe(1))
    expect(said[0]).toMatchObject({ method: 'PUT', path: 'sync/presence', body: { record: RECORD } })
    const tab = (said[0] as ApiRequest & { body: { tab: string } }).body.tab
    expect(tab).toMatch(/^[A-Za-z0-9-]{8,64}$/)
    fireEvent.click(screen.getByRole('link', { name: 'Back to the list' }))
    await waitFor(() => expect(said.at(-1)).toMatchObject({ body: { tab, record: null } }))
  })

  it('names the others who have it open, never oneself, and no one once the stream is lost', async () => {
    const { runtime } = await openFirst()
    expect(screen.queryByText(/also viewing/)).toBeNull()
    act(() =>
      runtime.presence.heard(
        JSON.stringify({
          [RECORD]: [
            { id: 'grace', name: 'Grace Hopper' },
            { id: testUser.id, name: 'Me Myself' },
            { id: 'alan', name: 'Alan Turing' },
          ],
          'contacts:00000000-0000-4000-8000-000000000002': [{ id: 'katherine', name: 'Katherine Johnson' }],
        }),
      ),
    )
    await screen.findByText('Grace Hopper and Alan Turing are also viewing this contact.')
    expect(screen.queryByText(/Me Myself|Katherine Johnson/)).toBeNull()
    act(() => runtime.presence.heard(JSON.stringify({ [RECORD]: [{ id: 'grace', name: 'Grace Hopper' }] })))
    await screen.findByText('Grace Hopper is also viewing this contact.')
    act(() => runtime.presence.lost())
    await waitFor(() => expect(screen.queryByText(/also viewing/)).toBeNull())
  })
})
