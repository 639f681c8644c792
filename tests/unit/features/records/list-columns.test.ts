import { describe, expect, it } from 'vitest'
import { entryOf } from '../../../../src/db/index-entries'
import { collections } from '../../../../src/domain/collections'
import { screens } from '../../../../src/features/records/screens'

// A list paints the rows its index keeps (src/db/mirror-index.ts), which hold the collection's `listFields`
// only: a column, card title or row action reading any other field would show it empty.
describe('what a list shows', () => {
  for (const screen of Object.values(screens)) {
    it(`${screen.collection}: every field the list reads is kept in its index`, () => {
      const { listFields, displayName } = collections[screen.collection]
      const read = [
        ...screen.columns.flatMap((column) => [column.field, column.cardTitleWith ?? []].flat()),
        ...(screen.emailField ? [screen.emailField] : []),
      ]
      expect(listFields).toEqual(expect.arrayContaining(read))
      // The row's name in 'Delete {name}?' and its actions' labels.
      const row = Object.fromEntries([
        ['id', 'r1'],
        ['version', 1],
        ...[...listFields, 'firstName', 'lastName', 'companyName', 'name', 'email', 'notes'].map((field) => [
          field,
          `${field} value`,
        ]),
      ])
      const { shown } = entryOf(screen.collection, row as never)
      expect(displayName(shown)).toBe(displayName(row))
      expect(shown).not.toHaveProperty('notes')
    })
  }
})
