import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, storeSession } from '../../helpers'

/** What the browser does on closing the tab: true when a handler asked it to warn first. */
function closeTab() {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('closing the tab', () => {
  beforeEach(() => storeSession())

  it('warns only while changes are waiting in the outbox', async () => {
    const runtime = makeRuntime()
    renderApp('/admin/overview', { runtime })
    await screen.findAllByText('Online')
    expect(closeTab()).toBe(false)

    await runtime.mutate.add('contacts', { firstName: 'Grace' })
    // The chip and the warning watch the outbox separately: wait for the warning itself.
    await waitFor(() => expect(closeTab()).toBe(true))

    // The sync took it: nothing left to lose, so no prompt (and no handler).
    await runtime.db.outbox.clear()
    await waitFor(() => expect(closeTab()).toBe(false))
  })

  it('removes its handler when the signed-in screens go away', async () => {
    const runtime = makeRuntime()
    await runtime.mutate.add('contacts', { firstName: 'Grace' })
    const view = renderApp('/contacts/list', { runtime })
    await waitFor(() => expect(closeTab()).toBe(true))
    view.unmount()
    expect(closeTab()).toBe(false)
  })
})
