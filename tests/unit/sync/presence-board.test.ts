/**
 * One device's tabs share what the feed stream says of who has which record open
 * (src/sync/presence-board.ts): the tab holding the stream passes each word to the others, and
 * answers a tab that opens and asks; a tab that was only told never answers, so a board it heard
 * from a tab since closed is not handed on as if it were the stream's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PresenceBoard } from '../../../src/sync/presence-board'

const RECORD = 'contacts:00000000-0000-4000-8000-000000000001'
const GRACE_ON_RECORD = JSON.stringify({ [RECORD]: [{ id: 'grace', name: 'Grace Hopper' }] })

const boards: PresenceBoard[] = []
/** A tab of the same user on this device. */
function openTab() {
  const board = new PresenceBoard('me', async () => ({ status: 204, headers: {}, body: null }))
  boards.push(board)
  return board
}

afterEach(() => {
  for (const board of boards.splice(0)) board.stop()
})

describe("a device's tabs and the presence its stream says", () => {
  it('hands what the stream said to the tabs open, and to a tab that opens later and asks', async () => {
    const holder = openTab()
    const other = openTab()
    holder.heard(GRACE_ON_RECORD)
    expect(holder.othersOn(RECORD)).toEqual(['Grace Hopper'])
    await vi.waitFor(() => expect(other.othersOn(RECORD)).toEqual(['Grace Hopper']))

    const later = openTab()
    await vi.waitFor(() => expect(later.othersOn(RECORD)).toEqual(['Grace Hopper']))
  })

  it('is answered by no tab that was only told, once the tab holding the stream has closed', async () => {
    const holder = openTab()
    const told = openTab()
    holder.heard(GRACE_ON_RECORD)
    await vi.waitFor(() => expect(told.othersOn(RECORD)).toEqual(['Grace Hopper']))
    holder.stop()

    // The asking itself works (the test above); here the only tab left to answer was only told.
    const later = openTab()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(later.othersOn(RECORD)).toEqual([])
  })
})
