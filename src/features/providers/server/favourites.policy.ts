import type { Actor } from '../../../shared/actor';
import type { AccountStatus } from '../../../shared/statuses';
import type { ProviderClientAction } from '../invitations.schema';

/**
 * What a viewer may do with a provider from their page or the directory: a signed-in client
 * invites an active provider to bid and keeps them as a favourite. Whether a given request may
 * invite them is the requests feature's rule (invitations.rules.ts), asked per request.
 */
export function clientActionsOn(
  viewer: Actor | undefined,
  provider: { accountStatus: AccountStatus },
): ProviderClientAction[] {
  if (viewer?.role !== 'client' || provider.accountStatus !== 'active') return [];
  return ['invite_to_bid', 'favourite'];
}
