/** How a moment is shown to staff: their locale's date and time, short ("27 Nov 2026, 14:05"). */
export const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A moment's day on the device's calendar, year first as a file name spells it: 2026-11-28. The
 * local day, not UTC's (toISOString): an export made at 23:30 in New York is named for that day.
 */
export function localDateStamp(moment: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`
}
