/** What the shell takes from the settings feature: the chosen colours and the idle lock's minutes. */
export { type SidebarTheme, sidebarTheme } from './sidebar-theme'
export { usePreferences } from './use-preferences'
