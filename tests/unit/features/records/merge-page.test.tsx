/**
 * Merging two records from the device (features/records/merge-page.tsx): an Admin editing a record
 * sees the records it is already like and merges one into it, choosing each differing field; a User
 * is offered nothing of it; offline, the merge says it needs a connection.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../../src/session/stored-user'
import { MERGE_OFFLINE_TEXT } from '../../../../src/sync/merge-calls'
import { type ApiRequest, type ApiResponse, NetworkError } from '../../../../src/transport/http'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'

const admin = { ...testUser, role: 'Admin' as const }
const SECOND = '00000000-0000-4000-8000-000000000002'
const THIRD = '00000000-0000-4000-8000-000000000003'

async function twoAlike(transport: (request: ApiRequest) => Promise<ApiResponse>, user: SessionUser = admin) {
  storeSession(user)
  const runtime = makeRuntime(user, transport)
  await seedContacts(runtime.db, 3)
  // The second and third share a phone number: one contact entered twice.
  await runtime.db.contacts.update(SECOND, { phone: '+44 20 7946 0003', email: '' })
  const { router } = renderApp(`/contacts/edit/${SECOND}`, { runtime })
  return { runtime, router }
}

const answering =
  (requests: ApiRequest[]) =>
  async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    if (request.method === 'POST')
      return { status: 200, headers: {}, body: { doc: {}, message: 'Merged successfully.' } }
    return { status: 200, headers: {}, body: { docs: [], totalDocs: 0, limit: 20, page: 1, totalPages: 0 } }
  }

describe('merging two contacts', () => {
  beforeEach(() => storeSession(admin))

  it('an Admin merges one the record is like into it, choosing the values kept', async () => {
    const requests: ApiRequest[] = []
    const { runtime, router } = await twoAlike(answering(requests))
    const box = (await screen.findByText('This may be the same contact as:')).parentElement as HTMLElement
    expect(within(box).getByText('(the same phone number)')).toBeTruthy()
    // Already alike: nothing to save anyway.
    expect(within(box).queryByRole('button', { name: 'Save anyway' })).toBeNull()
    fireEvent.click(within(box).getByRole('link', { name: 'Merge First03 Person 03 into this contact' }))

    await screen.findByRole('heading', { name: 'Merge First03 Person 03 into First02 Person 02' })
    const table = screen.getByRole('table')
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
    expect(labels).toEqual(['First Name', 'Last Name', 'Title', 'Email'])
    // An empty value starts on the other's: the email is taken from the third.
    expect(
      within(table).getByRole('radio', { name: 'Take this for Email: person03@example.com' }),
    ).toHaveProperty('checked', true)
    fireEvent.click(within(table).getByRole('radio', { name: 'Take this for Title: Planner' }))
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }))

    await screen.findByText('First03 Person 03 is merged into First02 Person 02.')
    const merge = requests.find((request) => request.method === 'POST')
    expect(merge).toMatchObject({
      path: `contacts/${SECOND}/merge`,
      body: { from: THIRD, values: { title: 'Planner', email: 'person03@example.com' } },
    })
    expect(runtime.afterRestore).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(currentPath(router)).toBe(`/contacts/edit/${SECOND}`))
  })

  it('says it needs a connection when offline, and stays on the merge', async () => {
    const offline = async (): Promise<ApiResponse> => {
      throw new NetworkError('offline')
    }
    storeSession(admin)
    const runtime = makeRuntime(admin, offline)
    await seedContacts(runtime.db, 3)
    const { router } = renderApp(`/contacts/merge/${SECOND}?with=${THIRD}`, { runtime })
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }))
    await screen.findByText(MERGE_OFFLINE_TEXT)
    expect(currentPath(router)).toBe(`/contacts/merge/${SECOND}`)
  })

  it('is not offered to a User, whose path to it is the 404 page', async () => {
    const { router } = await twoAlike(answering([]), testUser)
    await screen.findByLabelText('Title')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.queryByText('This may be the same contact as:')).toBeNull()
    await router.navigate({ to: '/contacts/merge/$id', params: { id: SECOND }, search: { with: THIRD } })
    await screen.findByText('Oops! It seems that this page does not exist.')
  })
})
