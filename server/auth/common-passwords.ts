/**
 * The most common passwords, refused as new passwords (whatever their case):
 * they are the first ones any guesser tries. The list is a maintained
 * dependency's (@zxcvbn-ts/language-common, ranked by how often each appears
 * in leaked password sets), read by the server only: the app's JavaScript
 * never carries it, and its forms say the rule in words (PASSWORD_HINT).
 *
 * Read on the first check, not at start, and synchronously, since the body
 * parsers that check are synchronous. Only entries long enough to be allowed
 * at all are kept: a shorter password is refused before it gets here.
 */
import { createRequire } from 'node:module'
import { asHashed, NEW_PASSWORD_MIN } from '../../src/domain/user'
import { invalid } from '../refusals'

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.'

let common: ReadonlySet<string> | undefined

function load(): ReadonlySet<string> {
  // Named `require` so that the dependency check (knip) sees the package in use.
  const require = createRequire(import.meta.url)
  // The package's plain list: all lowercase, most common first.
  const list: unknown = require('@zxcvbn-ts/language-common/src/passwords.json')
  // A changed layout must fail loudly, never quietly let every password through.
  if (!Array.isArray(list) || list.length < 10_000) throw new Error('The common-password list did not load.')
  return new Set(
    list.filter((entry): entry is string => typeof entry === 'string' && entry.length >= NEW_PASSWORD_MIN),
  )
}

export function isCommonPassword(password: string): boolean {
  common ??= load()
  // As it is hashed: fullwidth 'ｐａｓｓｗｏｒｄ' signs in as 'password', so it is as common.
  return common.has(asHashed(password).toLowerCase())
}

/** A 400 ValidationError on `field` when a new password is one of the common ones. */
export function refuseCommonPassword(password: string | undefined, field = 'password') {
  if (password !== undefined && isCommonPassword(password))
    throw invalid([{ field, message: PASSWORD_TOO_COMMON }])
}
