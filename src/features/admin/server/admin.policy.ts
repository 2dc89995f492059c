import type { Actor } from '../../../shared/actor';
import type { AccountStatus, Role } from '../../../shared/statuses';

/**
 * Who may do what in the administration console: one function per question, no I/O. Services
 * ask these and throw; routes never decide.
 */

export const isAdministrator = (actor: Actor | undefined): actor is Actor =>
  actor?.role === 'administrator';

/** Every admin route: a visitor must sign in (401); anyone but an administrator is refused (403). */
export function adminAccessRefusal(
  actor: Actor | undefined,
): 'not_authenticated' | 'insufficient_permissions' | null {
  if (!actor) return 'not_authenticated';
  return isAdministrator(actor) ? null : 'insufficient_permissions';
}

interface Target {
  id: string;
  role: Role;
  accountStatus: AccountStatus;
}

/**
 * Disabling or deleting an account (accounts spec §6): never one's own, and never the last
 * active administrator — the console must always keep someone who can run it.
 * `activeAdministrators` counts active administrator accounts, the target included.
 */
export function accountRemovalRefusal(
  actor: Actor,
  target: Target,
  activeAdministrators: number,
): 'insufficient_permissions' | 'cannot_change_own_account' | 'last_administrator' | null {
  if (!isAdministrator(actor)) return 'insufficient_permissions';
  if (target.id === actor.id) return 'cannot_change_own_account';
  const lastActive =
    target.role === 'administrator' &&
    target.accountStatus === 'active' &&
    activeAdministrators <= 1;
  return lastActive ? 'last_administrator' : null;
}
