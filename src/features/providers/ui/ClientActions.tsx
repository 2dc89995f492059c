import type { ProviderClientAction } from '../invitations.schema';
import { FavouriteButton } from './FavouriteButton';
import { InviteButton } from './InviteButton';

/**
 * What a signed-in client does with a provider, as the server allows (`allowed_actions`): invite
 * them to bid, keep them as a favourite. Nothing for anyone else.
 */
export function ClientActions({
  provider,
  allowedActions,
  favourite,
  compact = false,
}: {
  provider: { id: string; name: string };
  allowedActions: readonly ProviderClientAction[];
  favourite: boolean;
  compact?: boolean;
}) {
  if (allowedActions.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {allowedActions.includes('invite_to_bid') && (
        <InviteButton providerId={provider.id} name={provider.name} compact={compact} />
      )}
      {allowedActions.includes('favourite') && (
        <FavouriteButton
          providerId={provider.id}
          name={provider.name}
          favourite={favourite}
          compact={compact}
        />
      )}
    </div>
  );
}
