/**
 * The dashboard's figures, from the tally (tally.ts). Each is one pass over
 * what it needs and keeps only its top few as it goes, so at 100,000 contacts
 * a figure costs a few milliseconds and no sort of the whole set.
 */
import { CATALOG, type CatalogName } from '../../../domain/catalog'
import type { CollectionName } from '../../../domain/collections'
import { DEPARTMENTS } from '../../../domain/contact'
import { COLLECTIONS, type DashboardTally, type Slim } from './tally'

export interface DepartmentCount {
  /** '' for contacts without one. */
  department: string
  count: number
}

export interface CompanyCount {
  id: string
  /** null when the company is not on this device (yet). */
  name: string | null
  count: number
}

export interface WeekCount {
  /** The week's first moment (Monday 00:00, local time), in ms. */
  start: number
  counts: Record<CollectionName, number>
  total: number
}

export interface ImageCount {
  collection: CatalogName
  withImage: number
  withoutImage: number
}

const KNOWN_ORDER = [...DEPARTMENTS, '']

/** Contacts per department, most first; ties keep the departments' own order, 'no department' last. */
export function contactsByDepartment(tally: DashboardTally): DepartmentCount[] {
  const order = (department: string) => {
    const at = KNOWN_ORDER.indexOf(department)
    return at === -1 ? KNOWN_ORDER.length : at
  }
  // Every department, with none too: a chart that drops a zero hides that the department is empty.
  const departments = new Set<string>([...DEPARTMENTS, ...tally.departments.keys()])
  return [...departments]
    .map((department) => ({ department, count: tally.departments.get(department) ?? 0 }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        order(a.department) - order(b.department) ||
        a.department.localeCompare(b.department),
    )
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Keeps `list` the best `limit` items in order, inserting `item` where it belongs (`before`: a ranks above b). */
function keepTop<T>(list: T[], item: T, limit: number, before: (a: T, b: T) => boolean) {
  if (list.length === limit && !before(item, list[limit - 1] as T)) return
  let at = list.length
  while (at > 0 && before(item, list[at - 1] as T)) at--
  list.splice(at, 0, item)
  if (list.length > limit) list.pop()
}

/** The companies with the most contacts: ties by name (as the list sorts it), then by id. */
export function topCompanies(tally: DashboardTally, limit: number): CompanyCount[] {
  const companies = tally.rows.companies
  const top: CompanyCount[] = []
  const nameOf = (entry: CompanyCount) => entry.name ?? '\uffff'
  const before = (a: CompanyCount, b: CompanyCount) =>
    a.count !== b.count
      ? a.count > b.count
      : (byName.compare(nameOf(a), nameOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) < 0
  for (const [id, count] of tally.companyContacts) {
    keepTop(top, { id, name: companies.get(id)?.name ?? null, count }, limit, before)
  }
  return top
}

/** Contacts with no company: what the top ten leaves out by design. */
export function contactsWithoutCompany(tally: DashboardTally): number {
  let linked = 0
  for (const count of tally.companyContacts.values()) linked += count
  return tally.rows.contacts.size - linked
}

/**
 * The latest records of every collection, newest first: by when they were
 * added, or by when they were last edited (a record never edited since it was
 * added is not "edited").
 */
export function recentRecords(tally: DashboardTally, by: 'created' | 'updated', limit: number): Slim[] {
  const top: Slim[] = []
  const before = (a: Slim, b: Slim) => (a[by] !== b[by] ? a[by] > b[by] : a.id < b.id)
  for (const collection of COLLECTIONS) {
    for (const slim of tally.rows[collection].values()) {
      if (Number.isNaN(slim[by])) continue
      if (by === 'updated' && !(slim.updated > slim.created)) continue
      keepTop(top, slim, limit, before)
    }
  }
  return top
}

/** The Monday 00:00 (local time) that starts each of the last `weeks` weeks, oldest first, and the next one. */
export function weekBounds(now: Date, weeks: number): number[] {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7))
  // Built from the date, not by adding 7 × 24 h: a week across a clock change is 167 or 169 hours.
  return Array.from({ length: weeks + 1 }, (_, i) =>
    new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7 * (weeks - 1 - i)).getTime(),
  )
}

const noCounts = () =>
  Object.fromEntries(COLLECTIONS.map((name) => [name, 0])) as Record<CollectionName, number>

/** Records added in each of the last `weeks` weeks (this one included), per collection. */
export function addedPerWeek(tally: DashboardTally, now: Date, weeks = 12): WeekCount[] {
  const bounds = weekBounds(now, weeks)
  const buckets: WeekCount[] = bounds
    .slice(0, weeks)
    .map((start) => ({ start, counts: noCounts(), total: 0 }))
  const first = bounds[0] as number
  const end = bounds[weeks] as number
  for (const collection of COLLECTIONS) {
    for (const { created } of tally.rows[collection].values()) {
      // Out of range, or no valid stamp (NaN fails both tests).
      if (!(created >= first && created < end)) continue
      let at = weeks - 1
      while ((bounds[at] as number) > created) at--
      const bucket = buckets[at] as WeekCount
      bucket.counts[collection]++
      bucket.total++
    }
  }
  return buckets
}

/** Industries, services and products with an image and without one. */
export function catalogImages(tally: DashboardTally): ImageCount[] {
  return (Object.keys(CATALOG) as CatalogName[]).map((collection) => {
    let withImage = 0
    for (const slim of tally.rows[collection].values()) if (slim.hasImage) withImage++
    return { collection, withImage, withoutImage: tally.rows[collection].size - withImage }
  })
}
