/**
 * An entity's Trash (features/records/trash-page.tsx): Admins only, read from the server, a
 * restore that says what came back, and plain words when offline or refused.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TRASH_OFFLINE_TEXT } from '../../../../src/sync/trash-calls'
import { type ApiRequest, type ApiResponse, NetworkError } from '../../../../src/transport/http'
import { makeRuntime, renderApp, storeSession, testUser } from '../../helpers'

const admin = { ...testUser, role: 'Admin' as const }
const ADA = '00000000-0000-4000-8000-00000000000a'

const entry = (id: string, firstName: string, lastName: string, deletedBy: string | null) => ({
  doc: { id, firstName, lastName, version: 3 },
  deletedAt: '2026-11-20T10:00:00.000Z',
  deletedBy,
  leavesTrashAt: '2026-12-20T10:00:00.000Z',
})

/** A server holding two deleted contacts; a restore takes one out of its Trash. */
function trashServer(
  answerRestore: (id: string) => ApiResponse = () => ({ status: 200, headers: {}, body: {} }),
) {
  const requests: ApiRequest[] = []
  let docs = [entry(ADA, 'Ada', 'Lovelace', 'Sam Staff'), entry('b', 'Grace', 'Hopper', null)]
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    if (request.method === 'GET' && request.path === 'contacts/trash')
      return {
        status: 200,
        headers: {},
        body: { docs, totalDocs: docs.length, limit: 10, page: 1, totalPages: 1 },
      }
    const restore = /^contacts\/(.+)\/restore$/.exec(request.path)
    if (request.method === 'POST' && restore?.[1]) {
      const answer = answerRestore(restore[1])
      if (answer.status === 200) docs = docs.filter((one) => one.doc.id !== restore[1])
      return answer
    }
    return { status: 200, headers: {}, body: { docs: [], totalDocs: 0, limit: 10, page: 1, totalPages: 0 } }
  }
  return { requests, transport }
}

describe('the Trash', () => {
  it('is for Admins: a User sees no Trash link, and its path is the 404 page', async () => {
    storeSession()
    const list = renderApp('/contacts/list')
    await list.findByRole('heading', { name: 'All Contacts' })
    expect(list.queryByRole('link', { name: 'Trash' })).toBeNull()
    list.unmount()
    storeSession()
    renderApp('/contacts/trash')
    await screen.findByText('Oops! It seems that this page does not exist.')
  })

  it('lists deleted records with who deleted them, from the list’s Trash link', async () => {
    storeSession(admin)
    const { transport } = trashServer()
    renderApp('/contacts/list', { runtime: makeRuntime(admin, transport) })
    fireEvent.click(await screen.findByRole('link', { name: 'Trash' }))
    const table = await screen.findByRole('table', { name: 'Deleted contacts' })
    const ada = (await within(table).findByText('Ada Lovelace')).closest('tr') as HTMLElement
    expect(within(ada).getByText(/by Sam Staff$/)).toBeTruthy()
    expect(within(table).getByText('Grace Hopper')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Back to the list/ })).toBeTruthy()
  })

  it('restores one: the server is asked once, the notice names it, and it leaves the Trash', async () => {
    storeSession(admin)
    const { requests, transport } = trashServer()
    const runtime = makeRuntime(admin, transport)
    renderApp('/contacts/trash', { runtime })
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Ada Lovelace' }))
    await screen.findByText('Ada Lovelace is back.')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore Ada Lovelace' })).toBeNull())
    const restores = requests.filter((request) => request.method === 'POST')
    expect(restores).toHaveLength(1)
    expect(restores[0]?.path).toBe(`contacts/${ADA}/restore`)
    expect(
      restores[0]?.headers?.['Idempotency-Key'] ?? restores[0]?.headers?.['idempotency-key'],
    ).toBeTruthy()
    // The record comes back through the change feed: the sync is asked to run now.
    expect(runtime.afterRestore).toHaveBeenCalledTimes(1)
  })

  it('says what the server refused, and keeps the record listed', async () => {
    storeSession(admin)
    const refusal = {
      status: 403,
      headers: {},
      body: { errors: [{ name: 'Forbidden', message: 'You are not allowed to perform this action.' }] },
    }
    const { transport } = trashServer(() => refusal)
    renderApp('/contacts/trash', { runtime: makeRuntime(admin, transport) })
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Ada Lovelace' }))
    await screen.findByText('Not restored')
    expect(screen.getByText('You are not allowed to perform this action.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Restore Ada Lovelace' })).toBeTruthy()
  })

  it('says plainly that it needs a connection when offline, and fills in on request', async () => {
    storeSession(admin)
    let offline = true
    const { transport } = trashServer()
    const runtime = makeRuntime(admin, async (request) => {
      if (offline) throw new NetworkError('offline')
      return transport(request)
    })
    renderApp('/companies/trash', { runtime })
    expect(await screen.findByText(new RegExp(TRASH_OFFLINE_TEXT.replace('.', '\\.')))).toBeTruthy()
    offline = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('The Trash is empty: no companies have been deleted lately.')).toBeTruthy()
  })
})
