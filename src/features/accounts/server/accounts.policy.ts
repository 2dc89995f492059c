import type { Actor } from '../../../shared/actor';
import type { AccountStatus } from '../../../shared/statuses';

/**
 * Who may do what with accounts: one function per question, no I/O. Services ask these and
 * throw; routes never decide.
 */
export { isAdministratorOrSelf, type Actor } from '../../../shared/actor';

/** Only a client has a client profile (name and phone) to edit. */
export const canEditClientProfile = (actor: Actor) => actor.role === 'client';

/** Only a provider has a provider profile (contact details, rate, picture) to edit. */
export const canEditProviderProfile = (actor: Actor) => actor.role === 'provider';

interface AccountState {
  accountStatus: AccountStatus;
  /** 'self' or 'administrator' for a disabled account. */
  disabledBy: string | null;
}

/**
 * Whether an account whose owner has just proved who they are (password or Google) may be signed
 * in: an account its owner disabled may be enabled again by them; any other inactive account
 * (disabled by an administrator, suspended) may not (docs/accounts.md).
 */
export function signInAccess(account: AccountState): 'allowed' | 'disabled_by_self' | 'disabled' {
  if (account.accountStatus === 'active') return 'allowed';
  return canReenable(account) ? 'disabled_by_self' : 'disabled';
}

/** Only an account its owner disabled can be turned back on by its owner. */
export const canReenable = (account: AccountState) =>
  account.accountStatus === 'disabled' && account.disabledBy === 'self';
