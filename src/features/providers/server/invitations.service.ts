import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { invitableRequests, inviteProvider } from '../../requests/server';
import { categoriesOf } from '../../requests/invitations.rules';
import { findProvider } from './providers.repo';

/**
 * The provider as the invitation rule sees them (requests/invitations.rules.ts): their account
 * and the categories they take on. Only a client asks (403 `client_only` before any look-up).
 */
async function invitee(ctx: Pick<ServerContext, 'db'>, actor: Actor, providerId: string) {
  if (actor.role !== 'client') {
    throw new AppError('client_only', 'Only clients invite providers to bid.');
  }
  const found = await findProvider(ctx.db, providerId);
  if (!found) throw new AppError('provider_not_found', 'Provider not found.');
  return {
    id: providerId,
    accountStatus: found.user.accountStatus,
    categories: categoriesOf(found.profile),
  };
}

/** The client invites the provider to bid on one of their open requests (docs/invitations.md). */
export async function invite(
  ctx: ServerContext,
  actor: Actor,
  providerId: string,
  workRequestId: string,
) {
  return inviteProvider(ctx, actor, workRequestId, await invitee(ctx, actor, providerId));
}

/** The client's open requests for the dialog, each saying whether it may invite this provider. */
export async function requestsToInviteTo(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  providerId: string,
) {
  return invitableRequests(ctx.db, actor, await invitee(ctx, actor, providerId));
}
