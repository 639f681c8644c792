import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SyncRuntime } from '../../../../src/sync/runtime'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'
import { CONTACT_ID } from '../../outbox-fixtures'

const OUT_OF_STORAGE =
  'This device is out of storage space, so your change was not saved. Free some space and try again.'
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

/**
 * The next transaction that queues a change (it may write the outbox) fails the way a full disk makes
 * IndexedDB fail, wrapped by Dexie. Others (the list index being read, a draft kept) go through: a
 * save may wait on them first.
 */
function failNextWrite(runtime: SyncRuntime, error: unknown) {
  const { db } = runtime
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => unknown
  let failed = false
  vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
    const writes = String(args[0]).includes('w')
    const tables = args.slice(1, -1).flat()
    const queues = writes && tables.some((table) => table === db.outbox || table === 'outbox')
    if (failed || !queues) return transaction(...args)
    failed = true
    return Promise.reject(error)
  }) as never)
}
const quotaError = () =>
  new Dexie.AbortError('Transaction aborted', new Dexie.QuotaExceededError('Quota exceeded'))

describe('a write that cannot be stored', () => {
  beforeEach(() => storeSession())
  afterEach(() => vi.restoreAllMocks())

  it('adding: says the device is full and keeps everything typed', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp('/contacts/add', { runtime })
    await screen.findByRole('heading', { name: 'Add a Contact' })
    type('First Name', 'Grace')
    type('Last Name', 'Hopper')
    type('Email', 'grace@example.com')
    failNextWrite(runtime, quotaError())
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))

    await screen.findByText(OUT_OF_STORAGE)
    expect(currentPath(router)).toBe('/contacts/add')
    expect(fieldValue('First Name')).toBe('Grace')
    expect(fieldValue('Last Name')).toBe('Hopper')
    expect(fieldValue('Email')).toBe('grace@example.com')
    expect(screen.getByRole('button', { name: 'Save Contact' })).toHaveProperty('disabled', false)
    expect(await runtime.db.contacts.count()).toBe(0)
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('editing: the same notice, the edit stays in the form and nothing is queued', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 1)
    renderApp(`/contacts/edit/${CONTACT_ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    type('Title', 'Rear Admiral')
    failNextWrite(runtime, new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))

    await screen.findByText(OUT_OF_STORAGE)
    expect(fieldValue('Title')).toBe('Rear Admiral')
    expect(screen.queryByText('Saved - This contact has been updated successfully.')).toBeNull()
    expect(await runtime.db.outbox.count()).toBe(0)
    expect((await runtime.db.contacts.get(CONTACT_ID))?.title).toBe('Planner')
  })

  it('editing: any other failure is the generic message, and the edit stays', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 1)
    renderApp(`/contacts/edit/${CONTACT_ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    type('Title', 'Rear Admiral')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    failNextWrite(runtime, new Dexie.DatabaseClosedError('closed'))
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))

    await screen.findByText('Oops, something went wrong!')
    expect(fieldValue('Title')).toBe('Rear Admiral')
    expect(console.error).toHaveBeenCalled()
  })

  it('deleting: says the device is full and keeps the contact', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    renderApp('/contacts/list', { runtime })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete First02 Person 02' }))
    const dialog = await screen.findByRole('dialog')
    failNextWrite(runtime, quotaError())
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))

    await screen.findByText(OUT_OF_STORAGE)
    expect(screen.queryByText('Deleted!')).toBeNull()
    await waitFor(() => expect(screen.getByText('First02')).toBeTruthy())
    expect(await runtime.db.contacts.count()).toBe(2)
  })
})
