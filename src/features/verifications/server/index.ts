/**
 * What other features may use of checked business and insurance (docs/verifications.md): the
 * badges of many providers in one query, the console's queue and decisions, the expiry notices'
 * sweep, and a provider's stored files (their account is going).
 */
export {
  badgesFor,
  decide,
  openForAdministrator,
  pendingQueue,
  sendExpiryNotices,
  type Decision,
} from './verifications.service';
export { storedKeysOfProvider } from './verifications.repo';
export { presentAdminDetail, presentAdminRow } from './verifications.presenter';
export { scheduleVerificationNotices } from './expiry-notices';
