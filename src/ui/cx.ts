/** Joins class names, skipping the falsy ones (conditional Tailwind classes read better this way). */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}
