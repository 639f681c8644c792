/**
 * A user's profile is defined once (PROFILE_FIELDS in src/domain/user.ts); the server's users table is
 * written beside it. This holds the two together, and holds what is derived from the definition to it:
 * the labels, the blank form, the checks.
 */
import { getTableColumns } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { users } from '../../../server/db/schema'
import {
  BLANK_PROFILE,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_TEXT_FIELDS,
  profileFieldSchemas,
  USER_DEFAULTS,
} from '../../../src/domain/user'

describe("a user's profile, as defined", () => {
  it("is the users table's text columns, each text, never null, blank by default", () => {
    const columns = getTableColumns(users)
    for (const field of PROFILE_TEXT_FIELDS) {
      const column = columns[field]
      expect(column, `users has a column for ${field}`).toBeDefined()
      expect(column.columnType, field).toBe('PgText')
      expect(column.notNull, field).toBe(true)
      // The email is the one text a user always has: it has no default.
      if (field !== 'email') expect(column.default, field).toBe('')
    }
    // Every other text column of the table is the server's own, never a profile field left undefined.
    const otherText = Object.entries(columns)
      .filter(
        ([name, column]) =>
          column.columnType === 'PgText' && !(PROFILE_TEXT_FIELDS as string[]).includes(name),
      )
      .map(([name]) => name)
    expect(otherText.sort()).toEqual(['passwordHash', 'roleId'])
  })

  it('names each field once, for every screen', () => {
    expect(PROFILE_LABELS).toEqual({
      email: 'Email',
      firstName: 'First Name',
      lastName: 'Last Name',
      username: 'Username',
      company: 'Company',
      address: 'Address',
      city: 'City',
      country: 'Country',
      postalCode: 'Postal Code',
      aboutMe: 'About Me',
    })
  })

  it('gives a blank form and a new user every field, empty', () => {
    expect(Object.keys(BLANK_PROFILE)).toEqual(PROFILE_TEXT_FIELDS)
    expect(Object.values(BLANK_PROFILE).every((value) => value === '')).toBe(true)
    const { userImage, role, ...text } = USER_DEFAULTS
    expect(Object.keys(text).sort()).toEqual(PROFILE_TEXT_FIELDS.filter((field) => field !== 'email').sort())
    expect([userImage, role]).toEqual([null, 'user'])
  })

  it("checks each field by its definition's schema, on the device and the server alike", () => {
    for (const field of PROFILE_TEXT_FIELDS)
      expect(profileFieldSchemas[field]).toBe(PROFILE_FIELDS[field].schema)
    const problem = (field: keyof typeof profileFieldSchemas, value: unknown) => {
      const result = v.safeParse(profileFieldSchemas[field], value)
      return result.success ? undefined : result.issues[0].message
    }
    expect(problem('postalCode', '12a')).toBe('Must be a number.')
    expect(problem('postalCode', '')).toBeUndefined()
    expect(problem('email', '')).toBe('This field is required.')
    expect(problem('email', 'not an email')).toBe('Must be a valid email address.')
    expect(problem('aboutMe', 'x'.repeat(2001))).toBe('Must be at most 2000 characters.')
  })
})
