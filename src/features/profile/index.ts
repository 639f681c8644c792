/** What the app shell takes from My Profile: keeping the stored user in step with the mirrored account. */
export { useFollowAccount } from './use-follow-account'
