/** The top bar's search over every entity (the app shell places it). */
export { GlobalSearch } from './global-search'
