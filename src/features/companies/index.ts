/** Companies' own screens: what the entity kit (features/records) does not draw for every entity. */
export { EditCompanyPage } from './edit-company-page'
