/**
 * The lock screen's two facts, per user on this device: whether the app is
 * locked, and a verifier of the password taken at sign-in, so that unlocking,
 * and signing in again, work with no network. The verifier is a PBKDF2 hash
 * with a random salt; the password itself is never stored. The locked flag
 * lives in localStorage so a reload, or another tab, stays locked.
 */
import { storageSignal } from './storage-signal'

const lockedKey = (userId: string) => `locked.${userId}`
const verifierKey = (userId: string) => `lockVerifier.${userId}`

/** Enough rounds to make guessing from a stolen device slow, few enough to unlock in a blink on a tablet. */
const ROUNDS = 210_000

interface Verifier {
  salt: string
  hash: string
  rounds: number
}

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

async function derive(password: string, salt: Uint8Array, rounds: number) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: rounds },
    key,
    256,
  )
  return toBase64(bits)
}

export async function keepVerifier(userId: string, password: string, storage: Storage = localStorage) {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const verifier: Verifier = {
    salt: toBase64(salt),
    hash: await derive(password, salt, ROUNDS),
    rounds: ROUNDS,
  }
  storage.setItem(verifierKey(userId), JSON.stringify(verifier))
}

export const hasVerifier = (userId: string, storage: Storage = localStorage) =>
  storage.getItem(verifierKey(userId)) !== null

/** True when the password matches the verifier kept at sign-in; false when it does not or none is kept. */
export async function matchesVerifier(userId: string, password: string, storage: Storage = localStorage) {
  const stored = storage.getItem(verifierKey(userId))
  if (!stored) return false
  try {
    const verifier = JSON.parse(stored) as Verifier
    return (await derive(password, fromBase64(verifier.salt), verifier.rounds)) === verifier.hash
  } catch {
    return false
  }
}

export const isLocked = (userId: string, storage: Storage = localStorage) =>
  storage.getItem(lockedKey(userId)) === '1'

/** Told when this tab or another locks or unlocks. */
const lockSignal = storageSignal((key) => key.startsWith('locked.'))
export const subscribeLock = lockSignal.subscribe

export function lock(userId: string, storage: Storage = localStorage) {
  storage.setItem(lockedKey(userId), '1')
  lockSignal.announce()
}

export function unlock(userId: string, storage: Storage = localStorage) {
  storage.removeItem(lockedKey(userId))
  lockSignal.announce()
}

/** The last time anyone used the app in any tab, shared so one busy tab keeps the others from locking. */
const activeKey = (userId: string) => `lastActive.${userId}`

export function markActive(userId: string, at: number, storage: Storage = localStorage) {
  storage.setItem(activeKey(userId), String(at))
}

export const lastActive = (userId: string, storage: Storage = localStorage) =>
  Number(storage.getItem(activeKey(userId))) || 0

/**
 * Signing out ends the lock (the next person signs in with their own
 * password) but keeps the verifier, so this user can sign in again offline
 * (docs/decisions/001-signing-in-offline.md).
 */
export function endLock(userId: string, storage: Storage = localStorage) {
  storage.removeItem(lockedKey(userId))
  storage.removeItem(activeKey(userId))
}

/** The server refused this password: it must not open the device offline any more. */
export const forgetVerifier = (userId: string, storage: Storage = localStorage) =>
  storage.removeItem(verifierKey(userId))
