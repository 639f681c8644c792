/**
 * The signed-in screens and the device marker: a mirror the device held and
 * the browser deleted is told once, with the changes it took; logging in
 * again on an intact mirror, or a second user's first sign-in, says nothing;
 * and the marker follows the outbox so a later eviction can count.
 */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureMirrorToken } from '../../../../src/db/eviction'
import { META, writeMeta } from '../../../../src/db/meta'
import { markerCookie, markerEntry, markMirror } from '../../../../src/session/device-marker'
import { makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'

const title = "Your browser deleted Outpost's data on this device"
/** The contacts list has painted: the shell, and the banner slot above the screen, are there. */
const shown = () => screen.findByRole('heading', { name: 'Contacts', level: 1 })

beforeEach(() => storeSession())
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test deletes the marker as a cleared browser would.
  document.cookie = markerCookie([], false)
})

describe('an evicted mirror', () => {
  it('is told with the changes lost; the old mark stays until the new mirror holds something', async () => {
    const gone = { userId: testUser.id, token: 'gone', pending: 2 }
    markMirror(gone)
    const runtime = makeRuntime()
    renderApp('/contacts/list', { runtime })
    const banner = await screen.findByRole('alert')
    expect(banner.textContent).toContain(title)
    expect(banner.textContent).toContain(
      '2 changes made on this device were not yet on the server and could not be kept: please make them again. Your records are downloading again now.',
    )
    // A reload now would tell it again: it is still true.
    expect(markerEntry(testUser.id)).toEqual(gone)

    // The download is done: the new mirror is marked, and a reload says nothing more.
    await writeMeta(runtime.db, META.hydrated, true)
    await waitFor(() => expect(markerEntry(testUser.id)?.token).not.toBe('gone'))
    const token = await ensureMirrorToken(runtime.db)
    expect(markerEntry(testUser.id)).toEqual({ userId: testUser.id, token, pending: 0 })
  })

  it('with nothing waiting says so, and nothing is pretended lost', async () => {
    markMirror({ userId: testUser.id, token: 'gone', pending: 0 })
    renderApp('/contacts/list')
    const banner = (await screen.findByText(title)).closest('[role="status"]') as HTMLElement
    expect(banner).not.toBeNull()
    expect(banner.textContent).toContain(
      'Every change made on this device had already reached the server, so nothing is lost.',
    )
  })

  it('is not told for the same mirror (a reload, logging out and in again)', async () => {
    const runtime = makeRuntime()
    const token = await ensureMirrorToken(runtime.db)
    await writeMeta(runtime.db, META.hydrated, true)
    markMirror({ userId: testUser.id, token, pending: 0 })
    renderApp('/contacts/list', { runtime })
    await shown()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByText(title)).toBeNull()
  })

  it("is not told on a second user's first sign-in", async () => {
    markMirror({ userId: 'someone-else', token: 'theirs', pending: 4 })
    renderApp('/contacts/list')
    await shown()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByText(title)).toBeNull()
    expect(markerEntry('someone-else')).toEqual({ userId: 'someone-else', token: 'theirs', pending: 4 })
  })
})

describe('the marker', () => {
  it('is written only once the mirror holds something, and counts what waits to be sent', async () => {
    const runtime = makeRuntime()
    renderApp('/contacts/list', { runtime })
    await shown()
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A first download cut short, with nothing typed: nothing to lose, so no mark and no false alarm later.
    expect(markerEntry(testUser.id)).toBeUndefined()

    await seedContacts(runtime.db, 1)
    await writeMeta(runtime.db, META.hydrated, true)
    await waitFor(() => expect(markerEntry(testUser.id)?.pending).toBe(0))
    const token = markerEntry(testUser.id)?.token
    expect(token).toBe(await ensureMirrorToken(runtime.db))

    await runtime.db.outbox.add({
      opId: 'op-1',
      collection: 'contacts',
      recordId: 'r1',
      status: 'pending',
    } as never)
    await waitFor(() => expect(markerEntry(testUser.id)).toEqual({ userId: testUser.id, token, pending: 1 }))
  })
})
