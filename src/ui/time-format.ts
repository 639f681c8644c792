/** How a moment is shown to staff: their locale's date and time, short ("27 Nov 2026, 14:05"). */
export const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
