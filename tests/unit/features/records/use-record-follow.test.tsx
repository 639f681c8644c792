/**
 * Who is named beside a typed field that someone else changed meanwhile
 * (features/records/use-record-follow.ts, `lastChangedBy`): the person whose change set the value the
 * record shows now, by the history at the record's version. While that history is not on the device,
 * nobody is named ("Someone"), never the person who changed the field before.
 */
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { historyKey, keepHistory } from '../../../../src/db/histories'
import type { HistoryEntry } from '../../../../src/domain/history'
import { contactHistoryServer, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const FIRST = '00000000-0000-4000-8000-000000000001'
const ADAS_PHONE = '+44 20 7946 0002'
const GRACES_PHONE = '+44 20 7946 0199'
const TYPED = '+44 20 7946 1111'

const entry = (by: string, version: number, changes: HistoryEntry['changes']): HistoryEntry => ({
  action: 'updated',
  version,
  at: new Date().toISOString(),
  madeAt: null,
  by,
  changes,
})

const phone = () => screen.getByLabelText('Phone') as HTMLInputElement
const theirNote = (by: string) =>
  `${by} changed this to “${GRACES_PHONE}” while you were typing. Saving keeps what you typed.`

/** FIRST at version 2, Ada's change of its phone, with that history on the device; Phone typed into. */
async function typingOverAdasPhone() {
  const entries = [entry('Ada Lovelace', 2, { phone: { from: '+44 20 7946 0001', to: ADAS_PHONE } })]
  const runtime = makeRuntime(undefined, contactHistoryServer(FIRST, entries))
  await seedContacts(runtime.db, 2)
  await runtime.db.contacts.update(FIRST, { phone: ADAS_PHONE, version: 2 })
  renderApp(`/contacts/edit/${FIRST}`, { runtime })
  // The History card shows Ada's change: the device holds the history up to version 2.
  await screen.findByText('Ada Lovelace changed Phone')
  fireEvent.change(phone(), { target: { value: TYPED } })
  return { runtime, entries }
}

describe('who changed a field under the typing', () => {
  beforeEach(() => storeSession())

  it('names nobody until the history at the new version is on the device, then the one who made it', async () => {
    const { runtime, entries } = await typingOverAdasPhone()
    // Grace's change is pulled; the device's history still ends at Ada's change (its read is not back).
    await runtime.db.contacts.update(FIRST, { phone: GRACES_PHONE, version: 3 })
    await screen.findByText(theirNote('Someone'))
    expect(screen.queryByText(theirNote('Ada Lovelace'))).toBeNull()
    expect(phone().value).toBe(TYPED)

    // The history read after it lands: Grace is named.
    entries.unshift(entry('Grace Hopper', 3, { phone: { from: ADAS_PHONE, to: GRACES_PHONE } }))
    await keepHistory(runtime.db, { key: historyKey('contacts', FIRST), entries: [...entries], total: 3 })
    await screen.findByText(theirNote('Grace Hopper'))
  })

  it('names the one who set the field, not whoever made the latest version', async () => {
    const { runtime, entries } = await typingOverAdasPhone()
    // Grace changes the phone, then Alan the title: the record is at Alan's version.
    entries.unshift(
      entry('Alan Turing', 4, { title: { from: 'Planner', to: 'Cryptanalyst' } }),
      entry('Grace Hopper', 3, { phone: { from: ADAS_PHONE, to: GRACES_PHONE } }),
    )
    await keepHistory(runtime.db, { key: historyKey('contacts', FIRST), entries: [...entries], total: 3 })
    await runtime.db.contacts.update(FIRST, { phone: GRACES_PHONE, title: 'Cryptanalyst', version: 4 })
    await screen.findByText(theirNote('Grace Hopper'))
    expect(screen.queryByText(theirNote('Alan Turing'))).toBeNull()
  })
})
