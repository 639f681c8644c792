/**
 * How often anyone may try a password, by three counters (auth/throttle.ts):
 *
 * - per address: every sign-in and register attempt from one client address;
 * - per account and address: failed passwords for one account from one
 *   address. An attacker guessing from their own address locks only
 *   themself out, so nobody can lock an owner out of their account;
 * - per account: a backstop against guessing spread over many addresses. It
 *   counts only attempts that were let through (one address adds at most its
 *   own allowance), and past it the account is never shut: each address then
 *   gets one try per window instead of five. Guessing slows to a crawl, and
 *   the owner, signing in from anywhere, still gets in with the right
 *   password: a lock nobody can pull on someone else. An Admin can clear it
 *   all at once (POST /api/users/unlock).
 *
 * Wrong current passwords (changing one's own password or email) count as
 * failed sign-ins: a borrowed session must not become a guessing machine.
 * The account counters count unknown emails too, so the answers tell
 * nobody which accounts exist.
 */
import type { Db } from '../db/open'
import { addressBlock } from './address-block'
import { type Count, type Counter, hit, overMax, reset, resetAccount, unhit, type Window } from './throttle'

export interface SignInLimits {
  /** Every attempt from one address; false turns it off (tests sign in often from one address). */
  perAddress: Window | false
  /** Failed passwords for one account from one address. */
  perAccountAddress: Window
  /** Failed passwords for one account from every address not already refused. */
  perAccount: Window
  /** Tries per account and address, in perAccountAddress's window, once perAccount is past its max. */
  underAttack: number
}

const MINUTE = 60_000

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: { max: 20, windowMs: MINUTE },
  perAccountAddress: { max: 5, windowMs: 15 * MINUTE },
  perAccount: { max: 50, windowMs: 60 * MINUTE },
  underAttack: 1,
}

export interface Attempt {
  /** The client's address (request.ip: the proxy hops are trusted only as configured). */
  address: string
  /** Lowercased; absent for a register attempt, which only the address limit counts. */
  email?: string
}

// Per client: an IPv4 address, or an IPv6 /64 (address-block.ts).
const addressKey = (address: string) => `address|${addressBlock(address)}`
const accountAddressKey = (email: string, address: string) => `account|${addressBlock(address)}|${email}`
const accountKey = (email: string) => `account|${email}`

export interface Refusal {
  /** Seconds until the attempt may be made again. */
  wait: number
  /** Whether an account counter refused it (else only the address's). */
  account: boolean
}

const refusalOf = (exceeded: Count[]): Refusal => ({
  wait: Math.max(...exceeded.map((entry) => entry.wait)),
  account: exceeded.some((entry) => entry.counter.account !== undefined),
})

/**
 * Claims an attempt before the password is checked; answers why to refuse it,
 * if it must be. The address's own counters first: an attempt they refuse is
 * not counted against the account, so one address cannot run its count up.
 */
export async function claimAttempt(
  db: Db,
  limits: SignInLimits,
  { address, email }: Attempt,
): Promise<Refusal | undefined> {
  const own: Counter[] = []
  if (limits.perAddress) own.push({ key: addressKey(address), window: limits.perAddress })
  const accountAddress =
    email === undefined
      ? undefined
      : { key: accountAddressKey(email, address), window: limits.perAccountAddress, account: email }
  if (accountAddress) own.push(accountAddress)
  const counts = await hit(db, own)
  const exceeded = overMax(counts)
  if (exceeded.length > 0) return refusalOf(exceeded)
  if (email === undefined) return undefined
  const [account] = await hit(db, [{ key: accountKey(email), window: limits.perAccount, account: email }])
  if (!account || overMax([account]).length === 0) return undefined
  // Under attack from many addresses: this address may try again only when its own window turns.
  const mine = counts.find((count) => count.counter === accountAddress)
  if (mine && mine.hits > limits.underAttack) return refusalOf([mine])
  return undefined
}

/**
 * The right password: this address starts afresh for the account, and the
 * account's backstop gives back the hit it claimed (it counts failures; the
 * owner's own sign-ins must not run it up, nor clear what guessers ran up).
 */
export async function attemptSucceeded(db: Db, { address, email }: Required<Attempt>) {
  await reset(db, [accountAddressKey(email, address)])
  await unhit(db, accountKey(email))
}

/** An Admin's unlock: the account's counters from every address. */
export const unlockAccount = (db: Db, email: string) => resetAccount(db, email)
