/** Contacts' own screens: what the entity kit (features/records) does not draw for every entity. */
export { EditContactPage } from './edit-contact-page'
