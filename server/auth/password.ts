/**
 * Password hashing with node:crypto scrypt (no native dependency).
 * Stored as `scrypt$N$r$p$salt$hash` (base64) so parameters can be raised later
 * without invalidating old hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import { asHashed } from '../../src/domain/user'

const PARAMS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 64

/**
 * Tests only (tests/server/helpers.ts): a cheap hash, so a suite can make
 * hundreds of accounts in seconds. Each stored hash carries its parameters, so
 * any hash verifies whatever the current cost. The server never calls this.
 */
export function cheapenHashesForTests() {
  PARAMS.N = 1024
}

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(asHashed(password), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, KEY_LENGTH, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummy: Promise<string> | undefined
/**
 * Verifies against a throwaway hash: a login for an unknown email then costs as
 * long as one with a wrong password, so timing does not tell which emails exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummy)
  return false
}
