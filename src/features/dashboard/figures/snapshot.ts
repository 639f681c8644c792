/**
 * Every figure the dashboard's screens show, made from the tally in one go:
 * small (a few dozen numbers and names), so a worker can post it to the page
 * after each change at no cost.
 */
import {
  addedPerWeek,
  type CompanyCount,
  catalogImages,
  contactsByDepartment,
  contactsWithoutCompany,
  type DepartmentCount,
  type ImageCount,
  recentRecords,
  topCompanies,
  type WeekCount,
} from './compute'
import type { DashboardTally, Slim } from './tally'

export interface Figures {
  departments: DepartmentCount[]
  /** The ten with the most contacts (the overview shows the first five). */
  topCompanies: CompanyCount[]
  contacts: number
  withoutCompany: number
  recentlyAdded: Slim[]
  recentlyEdited: Slim[]
  /** The last twelve weeks, oldest first. */
  weeks: WeekCount[]
  images: ImageCount[]
}

const TOP = 10
const RECENT = 6
const WEEKS = 12

export function figuresOf(tally: DashboardTally, now: Date): Figures {
  return {
    departments: contactsByDepartment(tally),
    topCompanies: topCompanies(tally, TOP),
    contacts: tally.rows.contacts.size,
    withoutCompany: contactsWithoutCompany(tally),
    recentlyAdded: recentRecords(tally, 'created', RECENT),
    recentlyEdited: recentRecords(tally, 'updated', RECENT),
    weeks: addedPerWeek(tally, now, WEEKS),
    images: catalogImages(tally),
  }
}

/** A new week starts on Monday even when no record changes: figures left open are made again this often. */
const REFRESH_MS = 60 * 60_000

/** Counts the mirror and hands over its figures once read, after each change, and every hour; answers the stop. */
export function followFigures(tally: DashboardTally, set: (figures: Figures) => void): () => void {
  const send = () => {
    if (tally.ready) set(figuresOf(tally, new Date()))
  }
  const unsubscribe = tally.subscribe(send)
  const timer = setInterval(send, REFRESH_MS)
  tally.start()
  return () => {
    clearInterval(timer)
    unsubscribe()
    tally.stop()
  }
}
