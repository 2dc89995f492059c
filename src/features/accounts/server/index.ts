/**
 * What other features may use of accounts: people by id, who may post, and the writes of a
 * profile that an administrator's correction or a provider's own profile make. Its tables are
 * join targets through `tables.ts` (read only; every write goes through this feature).
 */
export {
  countActiveProviders,
  findUserById,
  isVerifiedClient,
  writeBidEmails,
  writeClientProfile,
  writeProviderProfile,
  type UserRow,
} from './accounts.repo';
export { presentProviderFields } from './accounts.presenter';
export { setAccountStatusByAdministrator, unlockSignIn } from './account-status.service';
export { deleteUserRow, holdAccount, pictureKeyOf } from './accounts.repo';
export { canEditClientProfile, canEditProviderProfile } from './accounts.policy';
export { updateClientProfile } from './own-account.service';
export { clearSessionCookies } from './session-cookies';
export type { SessionUser } from './sessions';
export { findLiveSessionIds } from './sessions.repo';
export { presentAccount } from './accounts.presenter';
export { viewAccount } from './own-account.service';
export { describeUserAgent } from './user-agent';
