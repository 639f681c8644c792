/** The look of the top bar's text links (Home, Chat, Log Out): 44 px tall under a finger. */
export const topBarLink =
  'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 pointer-coarse:h-11'
