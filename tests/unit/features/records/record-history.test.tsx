/**
 * The History card of a record's screen (features/records/record-history.tsx): the server's history
 * in the product's words, this device's changes not sent yet, and offline the history as the device
 * last read it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { historyKey } from '../../../../src/db/histories'
import type { HistoryEntry } from '../../../../src/domain/history'
import { type ApiRequest, type ApiResponse, NetworkError } from '../../../../src/transport/http'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const FIRST = '00000000-0000-4000-8000-000000000001'
const COMPANY = '00000000-0000-4000-8000-0000000000c1'

const entries: HistoryEntry[] = [
  {
    action: 'updated',
    version: 3,
    at: '2026-11-20T15:00:00.000Z',
    madeAt: '2026-11-20T09:30:00.000Z',
    by: 'Sam Staff',
    changes: { company: { from: null, to: COMPANY } },
  },
  {
    action: 'updated',
    version: 2,
    at: '2026-11-19T10:00:00.000Z',
    madeAt: null,
    by: 'Ada Admin',
    changes: { title: { from: 'Planner', to: 'Rear Admiral' }, phone: { from: null, to: '555 0100' } },
  },
  {
    action: 'created',
    version: 1,
    at: '2026-11-18T10:00:00.000Z',
    madeAt: null,
    by: 'Sam Staff',
    changes: {},
  },
]

function historyServer() {
  const requests: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    if (request.path === `contacts/${FIRST}/history`)
      return {
        status: 200,
        headers: {},
        body: { docs: entries, totalDocs: 25, limit: 20, page: 1, totalPages: 2 },
      }
    return { status: 200, headers: {}, body: { docs: [], totalDocs: 0, limit: 10, page: 1, totalPages: 0 } }
  }
  return { requests, transport }
}

async function openFirst(transport: (request: ApiRequest) => Promise<ApiResponse>) {
  const runtime = makeRuntime(undefined, transport)
  await seedContacts(runtime.db, 2)
  await runtime.db.companies.add({ id: COMPANY, companyName: 'Orbit Works', version: 1 } as never)
  renderApp(`/contacts/edit/${FIRST}`, { runtime })
  return { runtime, card: await screen.findByRole('region', { name: 'History' }) }
}

describe("a record's history", () => {
  beforeEach(() => storeSession())

  it('says who changed which fields, from what to what, and when a change made offline arrived', async () => {
    const { requests, transport } = historyServer()
    const { card } = await openFirst(transport)
    await within(card).findByText('Ada Admin changed Title and Phone')
    expect(within(card).getByText('Title: “Planner” → “Rear Admiral”')).toBeTruthy()
    expect(within(card).getByText('Phone: (empty) → “555 0100”')).toBeTruthy()
    // A relation by the name of the record it points at.
    await within(card).findByText('Company: (empty) → “Orbit Works”')
    expect(within(card).getByText(/^Made offline at .+, reached the server at .+$/)).toBeTruthy()
    expect(within(card).getByText('Sam Staff added it')).toBeTruthy()
    expect(within(card).getByText('Showing the latest 3 of 25 changes.')).toBeTruthy()
    expect(requests.find((request) => request.path.endsWith('/history'))?.query).toEqual({
      page: { number: 1, size: 20 },
    })
  })

  it("shows this device's change at once, as not sent yet", async () => {
    const { transport } = historyServer()
    const { card } = await openFirst(transport)
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Commodore' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await within(card).findByText('You changed Title on this device')
    expect(within(card).getByText('Not sent yet')).toBeTruthy()
    expect(within(card).getByText('Title: “Planner” → “Commodore”')).toBeTruthy()
  })

  it('of a record not sent yet: what this device did, and no error', async () => {
    const notFound = async (): Promise<ApiResponse> => ({
      status: 404,
      headers: {},
      body: { errors: [{ name: 'NotFound', message: 'The requested resource was not found.' }] },
    })
    const runtime = makeRuntime(undefined, notFound)
    renderApp('/contacts/add', { runtime })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Grace' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    const card = await screen.findByRole('region', { name: 'History' })
    await within(card).findByText('You added it on this device')
    await waitFor(() => expect(runtime.db.histories.count()).resolves.toBe(0))
    expect(within(card).queryByText(/not found/)).toBeNull()
  })

  it('offline, shows the history as this device last read it, and says so', async () => {
    const offline = async (): Promise<ApiResponse> => {
      throw new NetworkError('offline')
    }
    const runtime = makeRuntime(undefined, offline)
    await seedContacts(runtime.db, 1)
    renderApp(`/contacts/edit/${FIRST}`, { runtime })
    const card = await screen.findByRole('region', { name: 'History' })
    await within(card).findByText('You are offline. The latest history needs a connection to the server.')

    await runtime.db.histories.put({
      key: historyKey('contacts', FIRST),
      entries: entries.slice(1),
      total: 2,
      readAt: Date.parse('2026-11-19T11:00:00.000Z'),
    })
    await within(card).findByText('Ada Admin changed Title and Phone')
    await waitFor(() =>
      expect(
        within(card).getByText(/^Offline: this is the history as this device read it at .+\.$/),
      ).toBeTruthy(),
    )
  })
})
