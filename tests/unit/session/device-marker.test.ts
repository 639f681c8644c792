/**
 * The device marker's cookie (src/session/device-marker.ts) and the eviction
 * decision it feeds (src/db/eviction.ts): what survives an eviction must read
 * back exactly, and only a marked mirror that is gone is called evicted.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../../src/db/database'
import { ensureMirrorToken, judgeMirror, mirrorToken } from '../../../src/db/eviction'
import {
  markerCookie,
  markerEntry,
  markMirror,
  parseMarker,
  readMarker,
} from '../../../src/session/device-marker'
import { type MarkerEntry, withEntry } from '../../../src/session/marker-value'

const ada: MarkerEntry = { userId: '3f0c9a52-5d1e-4c8b-9d7e-0a1b2c3d4e5f', token: 'k3j9x2', pending: 3 }
const bob: MarkerEntry = { userId: 'b0b', token: 'zz', pending: 0 }
/** The `name=value` part a browser hands back in document.cookie. */
const asRead = (cookie: string) => cookie.split(';')[0] as string

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test deletes the marker as a cleared browser would.
  document.cookie = markerCookie([], false)
})

describe('the marker cookie', () => {
  it('reads back what it wrote, among other cookies', () => {
    const cookie = markerCookie([ada, bob], true)
    expect(cookie).toMatch(/; Path=\/; Max-Age=34560000; SameSite=Strict; Secure$/)
    expect(parseMarker(`theme=dark; ${asRead(cookie)}; other=1`)).toEqual([ada, bob])
  })

  it('an unknown count survives as unknown', () => {
    const unknown = { ...ada, pending: null }
    expect(parseMarker(asRead(markerCookie([unknown], false)))).toEqual([unknown])
  })

  it('anything unreadable is no marker, and a bad entry is dropped', () => {
    expect(parseMarker('')).toEqual([])
    expect(parseMarker('outpost-device=%7Bnot-json')).toEqual([])
    expect(parseMarker('outpost-device=%7B%7D')).toEqual([])
    const mixed = encodeURIComponent(
      JSON.stringify([
        ['a', 't', -1],
        ['b', 't', 2],
        [1, 't', 0],
      ]),
    )
    expect(parseMarker(`outpost-device=${mixed}`)).toEqual([{ userId: 'b', token: 't', pending: 2 }])
  })

  it('an empty list deletes the cookie', () => {
    expect(markerCookie([], false)).toMatch(/Max-Age=0/)
  })

  it('keeps one entry per user, the latest first, and at most eight users', () => {
    expect(withEntry([ada, bob], { ...ada, pending: 0 })).toEqual([{ ...ada, pending: 0 }, bob])
    let entries: MarkerEntry[] = []
    for (let n = 0; n < 10; n++) entries = withEntry(entries, { userId: `u${n}`, token: 't', pending: n })
    expect(entries.map((e) => e.userId)).toEqual(['u9', 'u8', 'u7', 'u6', 'u5', 'u4', 'u3', 'u2'])
  })

  it('marks one user in document.cookie, leaving the others', () => {
    markMirror(ada)
    markMirror(bob)
    expect(readMarker()).toEqual([bob, ada])
    expect(markerEntry(ada.userId)).toEqual(ada)
    markMirror({ ...bob, pending: 5 })
    expect(readMarker()).toEqual([{ ...bob, pending: 5 }, ada])
  })
})

describe('judging a mirror', () => {
  it.each([
    ['never marked, no database', undefined, null, { kind: 'new' }],
    ['never marked, a database from before the marker', undefined, 'old', { kind: 'new' }],
    ['marked, the same mirror (a reload, logging out and in)', ada, ada.token, { kind: 'intact' }],
    ['marked, the database gone', ada, null, { kind: 'evicted', lost: 3 }],
    ['marked, another mirror downloaded since', ada, 'other', { kind: 'evicted', lost: 3 }],
    ['marked with nothing waiting, gone', bob, null, { kind: 'evicted', lost: 0 }],
    ['marked with an unknown count, gone', { ...ada, pending: null }, null, { kind: 'evicted', lost: null }],
  ])('%s', (_, entry, token, verdict) => {
    expect(judgeMirror(entry, token)).toEqual(verdict)
  })

  it('a mirror gets one token and keeps it', async () => {
    const db = new OutpostDb(`test-${crypto.randomUUID()}`)
    expect(await mirrorToken(db)).toBeNull()
    const [first, second] = await Promise.all([ensureMirrorToken(db), ensureMirrorToken(db)])
    expect(first).toMatch(/^[0-9a-z]{2,}$/)
    expect(second).toBe(first)
    expect(await mirrorToken(db)).toBe(first)
    db.close()
  })
})
