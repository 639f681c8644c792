/** The local day as a file name spells it (src/ui/time-format.ts): the device's calendar, not UTC's. */
import { afterEach, describe, expect, it } from 'vitest'
import { localDateStamp } from '../../../src/ui/time-format'

const zone = process.env.TZ

afterEach(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe('localDateStamp', () => {
  it('is the local day a minute before midnight, where UTC is already on the next', () => {
    process.env.TZ = 'America/Los_Angeles'
    const lateEvening = new Date(2026, 10, 28, 23, 59)
    expect(lateEvening.toISOString().slice(0, 10)).toBe('2026-11-29')
    expect(localDateStamp(lateEvening)).toBe('2026-11-28')
  })

  it('is the local day a minute after midnight, where UTC is still on the one before', () => {
    process.env.TZ = 'Pacific/Auckland'
    const earlyMorning = new Date(2026, 10, 28, 0, 1)
    expect(earlyMorning.toISOString().slice(0, 10)).toBe('2026-11-27')
    expect(localDateStamp(earlyMorning)).toBe('2026-11-28')
  })

  it('pads the month and the day to two digits', () => {
    expect(localDateStamp(new Date(2026, 0, 5, 12))).toBe('2026-01-05')
  })
})
