import { isAdministratorOrSelf, type Actor } from '../../../shared/actor';
import type { AccountStatus } from '../../../shared/statuses';

/**
 * Who may open a provider's page: anyone while the account is active, except other providers
 * (spec core §2: providers see only their own); administrators and the provider always.
 * Answers the refusal's code, or null.
 */
export function providerPageRefusal(
  viewer: Actor | undefined,
  provider: { id: string; accountStatus: AccountStatus },
) {
  if (isAdministratorOrSelf(viewer, provider.id)) return null;
  if (viewer?.role === 'provider') return 'insufficient_permissions' as const;
  if (provider.accountStatus !== 'active') return 'provider_disabled' as const;
  return null;
}

/** A profile picture is shown while the account is active, and always to the provider and administrators. */
export const canSeeProviderPicture = (
  viewer: Actor | undefined,
  provider: { id: string; accountStatus: AccountStatus },
) => provider.accountStatus === 'active' || isAdministratorOrSelf(viewer, provider.id);

/** Photos of past work are a provider's own: only a provider keeps and orders theirs. */
export const canManageWorkPhotos = (actor: Actor) => actor.role === 'provider';
