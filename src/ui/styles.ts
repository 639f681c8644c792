/**
 * Shared Tailwind class strings for controls, so every button and input has the
 * same height, focus ring and touch target. Controls grow to 44 px where the
 * pointer is coarse (tablets), and stay compact with a mouse.
 */
const control = 'h-9 pointer-coarse:h-11 rounded-md text-sm transition-colors disabled:cursor-not-allowed'

const buttonBase = `${control} inline-flex shrink-0 items-center justify-center gap-2 px-3.5 font-medium whitespace-nowrap disabled:opacity-50`

export const button = {
  primary: `${buttonBase} bg-brand text-white shadow-sm hover:bg-brand-dark`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50`,
  danger: `${buttonBase} bg-red-600 text-white shadow-sm hover:bg-red-700`,
  ghost: `${buttonBase} text-slate-600 hover:bg-slate-100 hover:text-slate-900`,
}

/** Square icon-only buttons (always given an aria-label). */
export const iconButton =
  'inline-flex size-9 pointer-coarse:size-11 shrink-0 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent'

const inputBase = `${control} block w-full border px-3 text-slate-900 shadow-xs placeholder:text-slate-500 pointer-coarse:text-base disabled:bg-slate-50 disabled:text-slate-500`

export const input = `${inputBase} border-slate-300 bg-white`

/** A field with an error: one border colour or the other, never both (their order in the CSS would decide). */
export const invalidInput = `${inputBase} border-red-500 bg-red-50/40`

export const card = 'rounded-lg border border-slate-200 bg-white shadow-xs'

/** A multi-line box: an input's look without its fixed height. */
const textAreaBase =
  'block w-full rounded-md border px-3 py-2 text-sm leading-relaxed text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 pointer-coarse:text-base disabled:cursor-not-allowed disabled:bg-slate-50'
export const textArea = `${textAreaBase} border-slate-300 bg-white`
export const invalidTextArea = `${textAreaBase} border-red-500 bg-red-50/40`

/**
 * A value cut to fit (one line with an ellipsis, or `cutToLines`' lines): its
 * title shows it whole on hover, and focus (Tab, or a tap, which has no hover)
 * lets it wrap in place, whole. Give the element tabIndex 0, or make it a link.
 */
export const cutToLine = 'block truncate focus:whitespace-normal focus:wrap-anywhere'
export const cutToLines = 'line-clamp-2 wrap-anywhere focus:line-clamp-none'
