/** What other features take from staff administration: reading one account from the server. */
export { useStaffMember as useAccount } from './use-staff'
