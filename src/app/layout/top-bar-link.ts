/** The look of the top bar's text links (Home, Chat, Log Out): at least 44×44 px under a finger, icon-only on a phone too. */
export const topBarLink =
  'inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 pointer-coarse:h-11 pointer-coarse:min-w-11'
