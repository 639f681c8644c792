/**
 * Under a company's info card: its contacts as this device has them, each a link to its edit
 * screen with its title and email beneath, in the contacts list's order (by last name), and 'Add
 * Contact' with this company already chosen in the new contact's Company field. They come from the
 * contacts' list index (useLinkedRows), not a read of the table: a device may hold 100,000 contacts,
 * and the card follows every contact added, moved to another company or deleted.
 */
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ListedRow } from '../../db/index-entries'
import { collections } from '../../domain/collections'
import { PlusIcon } from '../../ui/icons'
import { button, card } from '../../ui/styles'
import { useLinkedRows } from '../records/record-hooks'
import { screens } from '../records/screens'

/** Contacts shown before 'Show all': a company with thousands would otherwise draw thousands of links at once. */
const FIRST_SHOWN = 25

const headingId = 'company-contacts'

export function CompanyContactsCard({ companyId }: { companyId: string }) {
  const rows = useLinkedRows('contacts', 'company', companyId)
  const [showAll, setShowAll] = useState(false)
  const shown = rows && !showAll ? rows.slice(0, FIRST_SHOWN) : rows
  return (
    <section aria-labelledby={headingId} className={`${card} p-5`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-medium text-slate-900">
          Contacts
        </h2>
        <Link to={screens.contacts.paths.add} search={{ company: companyId }} className={button.secondary}>
          <PlusIcon />
          {screens.contacts.texts.addButton}
        </Link>
      </div>
      {rows === undefined ? (
        <p className="text-sm text-slate-500">Reading the contacts…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">No contacts at this company yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown?.map((row) => (
            <ContactLine key={row.id} row={row} />
          ))}
        </ul>
      )}
      {rows && shown && shown.length < rows.length && (
        <button type="button" className={`${button.ghost} mt-2 w-full`} onClick={() => setShowAll(true)}>
          Show all {rows.length.toLocaleString('en')} contacts
        </button>
      )}
    </section>
  )
}

function ContactLine({ row }: { row: ListedRow }) {
  const detail = [row.title, row.email].filter((part) => typeof part === 'string' && part).join(' · ')
  return (
    <li className="py-2">
      <Link
        to={screens.contacts.paths.edit}
        params={{ id: row.id }}
        className="text-sm font-medium wrap-anywhere text-brand hover:underline pointer-coarse:inline-block pointer-coarse:py-3"
      >
        {collections.contacts.displayName(row) || 'Unnamed contact'}
      </Link>
      {detail && <p className="text-xs wrap-anywhere text-slate-500">{detail}</p>}
    </li>
  )
}
