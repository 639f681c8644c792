/** What the shell takes from the settings feature: the chosen colours, the idle lock's minutes, and the notice of an evicted mirror. */
export { EvictedBanner } from './evicted-banner'
export { type SidebarTheme, sidebarTheme } from './sidebar-theme'
export { usePreferences } from './use-preferences'
