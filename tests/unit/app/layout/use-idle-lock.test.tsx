/** The idle lock: after the chosen minutes without activity in any tab the app locks; activity puts it off; 'Never' never does. */
import { act, fireEvent, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIdleLock } from '../../../../src/app/layout/use-idle-lock'
import { isLocked, markActive } from '../../../../src/session/lock'
import { savePreferences } from '../../../../src/session/preferences'

afterEach(() => vi.useRealTimers())

const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1000))

describe('the idle lock', () => {
  it('locks after a minute without activity, counting from the last key or touch', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9, 0, 0) })
    savePreferences('u1', { lockAfter: 1 })
    renderHook(() => useIdleLock('u1'))
    seconds(30)
    fireEvent.keyDown(window, { key: 'a' })
    seconds(50)
    expect(isLocked('u1')).toBe(false)
    seconds(15)
    expect(isLocked('u1')).toBe(true)
  })

  it("counts another tab's activity, shared through storage", () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9, 0, 0) })
    savePreferences('u1', { lockAfter: 1 })
    renderHook(() => useIdleLock('u1'))
    seconds(45)
    markActive('u1', Date.now())
    seconds(45)
    expect(isLocked('u1')).toBe(false)
    seconds(20)
    expect(isLocked('u1')).toBe(true)
  })

  it("never locks when set to 'Never', the default", () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9, 0, 0) })
    renderHook(() => useIdleLock('u1'))
    seconds(24 * 60 * 60)
    expect(isLocked('u1')).toBe(false)
  })
})
