/**
 * The sidebar's look for each colour the user can choose in Settings. Class
 * names are written out whole so Tailwind finds them. Every combination keeps
 * text at WCAG AA contrast: the current entry is filled with the active
 * colour and written in white.
 */
import type { ActiveColour, SidebarColour } from '../../session/preferences'

export interface SidebarTheme {
  panel: string
  /** Names and headings. */
  strong: string
  /** Second lines and icons at rest. */
  muted: string
  /** An entry that is not current. */
  idle: string
  divider: string
  current: string
}

const panels: Record<SidebarColour, Omit<SidebarTheme, 'current'>> = {
  white: {
    panel: 'bg-sidebar-white border-r border-slate-200',
    strong: 'text-slate-900',
    muted: 'text-slate-500',
    idle: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    divider: 'border-slate-200',
  },
  brown: {
    panel: 'bg-sidebar-brown',
    strong: 'text-white',
    muted: 'text-amber-100/80',
    idle: 'text-amber-50/90 hover:bg-white/10 hover:text-white',
    divider: 'border-white/15',
  },
  black: {
    panel: 'bg-sidebar-black',
    strong: 'text-white',
    muted: 'text-slate-300',
    idle: 'text-slate-200 hover:bg-white/10 hover:text-white',
    divider: 'border-white/15',
  },
}

const currents: Record<ActiveColour, string> = {
  primary: 'bg-active-primary text-white',
  info: 'bg-active-info text-white',
  success: 'bg-active-success text-white',
  warning: 'bg-active-warning text-white',
  danger: 'bg-active-danger text-white',
}

export const sidebarTheme = (sidebar: SidebarColour, active: ActiveColour): SidebarTheme => ({
  ...panels[sidebar],
  current: currents[active],
})

/** The swatch each choice shows on the settings screen. */
export const swatches = {
  sidebar: { white: 'bg-sidebar-white', brown: 'bg-sidebar-brown', black: 'bg-sidebar-black' },
  active: {
    primary: 'bg-active-primary',
    info: 'bg-active-info',
    success: 'bg-active-success',
    warning: 'bg-active-warning',
    danger: 'bg-active-danger',
  },
} as const satisfies { sidebar: Record<SidebarColour, string>; active: Record<ActiveColour, string> }
