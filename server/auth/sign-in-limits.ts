/**
 * How often anyone may try a password, by three counters (auth/throttle.ts):
 *
 * - per address: every sign-in and register attempt from one client address;
 * - per account and address: failed passwords for one account from one
 *   address. An attacker guessing from their own address locks only
 *   themself out, so nobody can lock an owner out of their account;
 * - per account: a slower backstop on failed passwords from all addresses
 *   together, against guessing spread over many addresses. An Admin can
 *   unlock an account (POST /api/users/unlock).
 *
 * Wrong current passwords (changing one's own password or email) count as
 * failed sign-ins: a borrowed session must not become a guessing machine.
 * The account counters count unknown emails too, so the answers tell
 * nobody which accounts exist.
 */
import type { Db } from '../db/open'
import { type Counter, hit, reset, resetAccount, type Window } from './throttle'

export interface SignInLimits {
  /** Every attempt from one address; false turns it off (tests sign in often from one address). */
  perAddress: Window | false
  /** Failed passwords for one account from one address. */
  perAccountAddress: Window
  /** Failed passwords for one account from anywhere. */
  perAccount: Window
}

const MINUTE = 60_000

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: { max: 20, windowMs: MINUTE },
  perAccountAddress: { max: 5, windowMs: 15 * MINUTE },
  perAccount: { max: 50, windowMs: 60 * MINUTE },
}

export interface Attempt {
  /** The client's address (request.ip: the proxy hops are trusted only as configured). */
  address: string
  /** Lowercased; absent for a register attempt, which only the address limit counts. */
  email?: string
}

const addressKey = (address: string) => `address|${address}`
const accountAddressKey = (email: string, address: string) => `account|${address}|${email}`
const accountKey = (email: string) => `account|${email}`

function countersOf(limits: SignInLimits, { address, email }: Attempt): Counter[] {
  const counters: Counter[] = []
  if (limits.perAddress) counters.push({ key: addressKey(address), window: limits.perAddress })
  if (email !== undefined) {
    counters.push(
      { key: accountAddressKey(email, address), window: limits.perAccountAddress, account: email },
      { key: accountKey(email), window: limits.perAccount, account: email },
    )
  }
  return counters
}

export interface Refusal {
  /** Seconds until the attempt may be made again. */
  wait: number
  /** Whether an account counter refused it (else only the address's). */
  account: boolean
}

/** Claims an attempt before the password is checked; answers why to refuse it, if it must be. */
export async function claimAttempt(
  db: Db,
  limits: SignInLimits,
  attempt: Attempt,
): Promise<Refusal | undefined> {
  const exceeded = await hit(db, countersOf(limits, attempt))
  if (exceeded.length === 0) return undefined
  return {
    wait: Math.max(...exceeded.map((entry) => entry.wait)),
    account: exceeded.some((entry) => entry.counter.account !== undefined),
  }
}

/** The right password: this account starts afresh (its failures were claimed up front). */
export function attemptSucceeded(db: Db, { address, email }: Required<Attempt>) {
  return reset(db, [accountAddressKey(email, address), accountKey(email)])
}

/** An Admin's unlock: the account's counters from every address. */
export const unlockAccount = (db: Db, email: string) => resetAccount(db, email)
