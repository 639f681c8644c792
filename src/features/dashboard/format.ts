/** How the dashboard writes its numbers, departments and times. */

export const formatCount = (n: number) => n.toLocaleString('en-GB')

export const departmentLabel = (department: string) => department || 'No department'

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** "just now", "5 minutes ago", "yesterday"; the date from a week back on. */
export function agoText(at: number, now: number) {
  const seconds = Math.max(0, (now - at) / 1000)
  if (seconds < 45) return 'just now'
  const minutes = seconds / 60
  if (minutes < 60) return relative.format(-Math.max(1, Math.round(minutes)), 'minute')
  const hours = minutes / 60
  if (hours < 24) return relative.format(-Math.round(hours), 'hour')
  const days = hours / 24
  if (days < 7) return relative.format(-Math.round(days), 'day')
  return dateFormat.format(at)
}
