import { afterEach, describe, expect, it, vi } from 'vitest'
import { OutpostDb } from '../../../../../src/db/database'
import {
  addedPerWeek,
  catalogImages,
  contactsByDepartment,
  contactsWithoutCompany,
  recentRecords,
  topCompanies,
  weekBounds,
} from '../../../../../src/features/dashboard/figures/compute'
import { DashboardTally } from '../../../../../src/features/dashboard/figures/tally'
import { at, company, contact, seedDashboard, worksAt } from '../../../dashboard-seed'

const opened: DashboardTally[] = []

async function tallyOver(db: OutpostDb) {
  const tally = new DashboardTally(db)
  opened.push(tally)
  tally.start()
  await tally.idle()
  return tally
}

afterEach(() => {
  for (const tally of opened.splice(0)) tally.stop()
})

const freshDb = () => new OutpostDb(`dashboard-${crypto.randomUUID()}`)

describe('dashboard figures', () => {
  it('counts contacts per department, most first, every department shown', async () => {
    const db = freshDb()
    await seedDashboard(db)
    const tally = await tallyOver(db)
    const rows = contactsByDepartment(tally)
    expect(rows.slice(0, 4)).toEqual([
      { department: 'Sales', count: 7 },
      { department: 'IT', count: 3 },
      { department: 'Engineering', count: 2 },
      // Ties (here the ones) keep the departments' own order; no department comes last among them.
      { department: '', count: 1 },
    ])
    // The empty departments are there too, with none, in the departments' own order.
    expect(rows.slice(4).map((row) => row.department)).toEqual([
      'Planning',
      'Logistics',
      'Turnaround',
      'Maintenance',
      'Vendor',
    ])
    expect(rows.slice(4).every((row) => row.count === 0)).toBe(true)
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(13)
  })

  it('ranks the companies by contacts, ties by name, and counts those without one', async () => {
    const db = freshDb()
    const { acme, globex, initech, umbrella } = await seedDashboard(db)
    const tally = await tallyOver(db)
    // Acme and Globex both have 4: Acme first by name. Idle Ltd has none and is not ranked.
    expect(topCompanies(tally, 10)).toEqual([
      { id: acme.id, name: 'Acme', count: 4 },
      { id: globex.id, name: 'Globex', count: 4 },
      { id: initech.id, name: 'Initech', count: 2 },
      { id: umbrella.id, name: 'Umbrella', count: 1 },
    ])
    expect(topCompanies(tally, 2).map((row) => row.name)).toEqual(['Acme', 'Globex'])
    expect(contactsWithoutCompany(tally)).toBe(2)
  })

  it('keeps the top ten of twelve companies, by count, then name ignoring case, then id', async () => {
    const db = freshDb()
    // Company k has k contacts (1…12), except that "beta" and "Alpha" tie with 5.
    const names = ['c1', 'c2', 'c3', 'c4', 'beta', 'Alpha', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12']
    const sizes = [1, 2, 3, 4, 5, 5, 7, 8, 9, 10, 11, 12]
    const companies = names.map((name) => company(name))
    await db.companies.bulkAdd(companies)
    await db.contacts.bulkAdd(
      companies.flatMap((target, i) =>
        Array.from({ length: sizes[i] as number }, () => contact({ company: worksAt(target) })),
      ),
    )
    const tally = await tallyOver(db)
    const top = topCompanies(tally, 10)
    expect(top.map((row) => `${row.name}:${row.count}`)).toEqual([
      'c12:12',
      'c11:11',
      'c10:10',
      'c9:9',
      'c8:8',
      'c7:7',
      'Alpha:5',
      'beta:5',
      'c4:4',
      'c3:3',
    ])
  })

  it('puts each record in the week it was added, Monday to Sunday, over the last twelve weeks', async () => {
    const db = freshDb()
    // A Wednesday: this week began on Monday 16 November, the twelfth week back on Monday 31 August.
    const now = new Date(2026, 10, 18, 15, 0)
    const bounds = weekBounds(now, 12)
    expect(new Date(bounds[0] as number)).toEqual(new Date(2026, 7, 31))
    expect(new Date(bounds[11] as number)).toEqual(new Date(2026, 10, 16))
    expect(new Date(bounds[12] as number)).toEqual(new Date(2026, 10, 23))

    await db.contacts.bulkAdd([
      contact({ createdAt: at(2026, 11, 16, 0, 0) }), // this week, its first minute
      contact({ createdAt: at(2026, 11, 18, 9) }), // this week
      contact({ createdAt: at(2026, 11, 15, 23, 59) }), // last week, its last minute
      contact({ createdAt: at(2026, 8, 31, 0, 0) }), // the oldest week
      contact({ createdAt: at(2026, 8, 30, 23, 59) }), // before the twelve weeks: not counted
      contact({ createdAt: 'not a date' }), // no valid stamp: not counted
    ])
    await db.companies.bulkAdd([company('New Co', { createdAt: at(2026, 11, 17) })])
    await db.products.bulkAdd([
      {
        id: 'p1',
        name: 'Bolt',
        description: [],
        productImage: null,
        version: 1,
        createdAt: at(2026, 10, 1),
        updatedAt: at(2026, 10, 1),
      },
    ])
    const tally = await tallyOver(db)
    const weeks = addedPerWeek(tally, now, 12)
    expect(weeks).toHaveLength(12)
    expect(weeks.map((week) => week.total)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 3])
    expect(weeks[11]?.counts).toEqual({ contacts: 2, companies: 1, industries: 0, services: 0, products: 0 })
    // Thursday 1 October is in the week of Monday 28 September, the fifth.
    expect(weeks[4]?.counts.products).toBe(1)
    expect(new Date(weeks[4]?.start as number)).toEqual(new Date(2026, 8, 28))
  })

  it('lists the latest added and the latest edited records of every kind', async () => {
    const db = freshDb()
    const old = contact({
      firstName: 'Old',
      lastName: 'One',
      createdAt: at(2026, 1, 1),
      updatedAt: at(2026, 3, 1),
    })
    const fresh = contact({ firstName: 'Fresh', lastName: 'One', createdAt: at(2026, 3, 2) })
    const firm = company('Firm', { createdAt: at(2026, 2, 1), updatedAt: at(2026, 3, 3) })
    await db.contacts.bulkAdd([old, fresh])
    await db.companies.bulkAdd([firm])
    const tally = await tallyOver(db)
    expect(recentRecords(tally, 'created', 2).map((row) => row.name)).toEqual(['Fresh One', 'Firm'])
    // "Fresh One" was never edited after it was added: it is not among the edited.
    expect(recentRecords(tally, 'updated', 5).map((row) => `${row.collection}:${row.name}`)).toEqual([
      'companies:Firm',
      'contacts:Old One',
    ])
  })

  it('counts the catalog items with and without an image', async () => {
    const db = freshDb()
    await seedDashboard(db)
    const tally = await tallyOver(db)
    expect(catalogImages(tally)).toEqual([
      { collection: 'industries', withImage: 2, withoutImage: 1 },
      { collection: 'services', withImage: 0, withoutImage: 1 },
      { collection: 'products', withImage: 1, withoutImage: 1 },
    ])
  })

  it('follows every committed change: added, moved to another department or company, deleted', async () => {
    const db = freshDb()
    const { acme, globex, contacts } = await seedDashboard(db)
    const tally = await tallyOver(db)
    const department = (name: string) =>
      contactsByDepartment(tally).find((row) => row.department === name)?.count

    await db.contacts.add(contact({ department: 'IT', company: worksAt(globex) }))
    await tally.idle()
    expect(department('IT')).toBe(4)
    expect(topCompanies(tally, 1)).toEqual([{ id: globex.id, name: 'Globex', count: 5 }])

    // A Sales contact of Acme's moves to IT and to Globex.
    const moved = contacts[0]
    await db.contacts.update(moved?.id as string, { department: 'IT', company: worksAt(globex) })
    await tally.idle()
    expect(department('Sales')).toBe(6)
    expect(department('IT')).toBe(5)
    expect(topCompanies(tally, 2).map((row) => row.count)).toEqual([6, 3])
    expect(topCompanies(tally, 2)[1]?.id).toBe(acme.id)

    await db.contacts.delete(moved?.id as string)
    await tally.idle()
    expect(department('IT')).toBe(4)
    expect(tally.rows.contacts.size).toBe(13)

    // A table cleared (a sign-out wipe or a fresh hydrate) is read again whole.
    await db.contacts.clear()
    await tally.idle()
    expect(tally.rows.contacts.size).toBe(0)
    expect(contactsByDepartment(tally).every((row) => row.count === 0)).toBe(true)
  })

  it('reads the tables again, once the stream pauses, after changes of hundreds of rows (a first sync)', async () => {
    const db = freshDb()
    await seedDashboard(db)
    const tally = await tallyOver(db)
    const department = (name: string) =>
      contactsByDepartment(tally).find((row) => row.department === name)?.count ?? 0
    const before = {
      all: tally.rows.contacts.size,
      support: department('Support'),
      legal: department('Legal'),
    }
    // Two pages of a download, then a small edit while they are not yet counted.
    await db.contacts.bulkPut(Array.from({ length: 600 }, () => contact({ department: 'Support' })))
    await db.contacts.bulkPut(Array.from({ length: 600 }, () => contact({ department: 'Support' })))
    await db.contacts.add(contact({ department: 'Legal' }))
    await tally.idle()
    expect(tally.rows.contacts.size).toBe(before.all + 1201)
    expect(department('Support')).toBe(before.support + 1200)
    expect(department('Legal')).toBe(before.legal + 1)

    // Once the tables are large, a page's rows are counted by id instead of every table whole.
    await db.contacts.bulkPut(Array.from({ length: 6000 }, () => contact({ department: 'Support' })))
    await tally.idle()
    const finance = Array.from({ length: 600 }, () => contact({ department: 'Finance' }))
    await db.contacts.bulkPut(finance)
    await db.contacts.delete(finance[0]?.id as string)
    await tally.idle()
    expect(tally.rows.contacts.size).toBe(before.all + 1201 + 6000 + 599)
    expect(department('Finance')).toBe(599)
    expect(department('Support')).toBe(before.support + 7200)
  })

  it("counts the rows this tab wrote as written, without reading them again (WebKit's sync on the page)", async () => {
    const db = freshDb()
    await seedDashboard(db)
    const tally = await tallyOver(db)
    // Large enough that a page of 600 is read again by id, not every table whole.
    await db.contacts.bulkPut(Array.from({ length: 7000 }, () => contact({ department: 'Support' })))
    await tally.idle()
    const before = tally.rows.contacts.size
    const reads = vi.spyOn(Object.getPrototypeOf(db.contacts), 'bulkGet')
    await db.contacts.bulkPut(Array.from({ length: 600 }, () => contact({ department: 'Support' })))
    await db.contacts.add(contact({ department: 'Legal' }))
    await tally.idle()
    expect(tally.rows.contacts.size).toBe(before + 601)
    expect(reads).not.toHaveBeenCalled()
    reads.mockRestore()
  })
})
