import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/types';
import { AppError } from '../../../server/errors';
import { holdAccount } from '../../accounts/server';
import type { Actor } from '../../../shared/actor';
import type { AccountStatus } from '../../../shared/statuses';
import type { DirectoryForViewer, ProviderForViewer } from '../favourites.schema';
import { clientActionsOn } from './favourites.policy';
import {
  deleteFavourite,
  favouritesAmong,
  insertFavourite,
  listFavourites,
} from './favourites.repo';
import { findProvider } from './providers.repo';
import { badgesFor } from '../../verifications/server';

const clientsOnly = (actor: Actor) => {
  if (actor.role !== 'client') {
    throw new AppError('client_only', 'Only clients keep favourite providers.');
  }
};

/**
 * Keeps a provider as the client's favourite (PUT: once, again is the same). Only an existing,
 * active provider: 404 `provider_not_found`, 409 `provider_unavailable`.
 */
export async function keepFavourite(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  providerId: string,
) {
  clientsOnly(actor);
  const found = await findProvider(ctx.db, providerId);
  if (!found) throw new AppError('provider_not_found', 'Provider not found.');
  if (!clientActionsOn(actor, found.user).includes('favourite')) {
    throw new AppError('provider_unavailable', 'This provider cannot be kept as a favourite now.');
  }
  // The provider's account may be being deleted at this moment: kept, or told it is gone.
  const savedAt = await ctx.db.transaction(async (tx) => {
    if (!(await holdAccount(tx, providerId))) {
      throw new AppError('provider_not_found', 'Provider not found.');
    }
    return insertFavourite(tx, actor.id, providerId);
  });
  return { providerId, savedAt: savedAt ?? new Date() };
}

/** Lets go of a favourite (DELETE: one that is not kept is gone already). */
export async function dropFavourite(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  providerId: string,
) {
  clientsOnly(actor);
  await deleteFavourite(ctx.db, actor.id, providerId);
}

/** A page of the client's favourites: a disabled provider drops out until they are active again. */
export async function favouritesOf(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  page: number,
  limit: number,
) {
  clientsOnly(actor);
  const found = await listFavourites(ctx.db, actor.id, page, limit);
  const badges = await badgesFor(
    ctx.db,
    found.rows.map((row) => row.id),
  );
  return { ...found, badges };
}

/** A provider's page for this viewer: what they may do, and whether they keep the provider. */
export async function providerForViewer(
  db: Db,
  viewer: Actor | undefined,
  provider: { id: string; accountStatus: AccountStatus },
): Promise<ProviderForViewer> {
  const actions = clientActionsOn(viewer, provider);
  const favourite =
    viewer && actions.includes('favourite')
      ? (await favouritesAmong(db, viewer.id, [provider.id])).has(provider.id)
      : false;
  return { allowed_actions: actions, favourite };
}

/** A page of the directory (active providers only) for this viewer. */
export async function directoryForViewer(
  db: Db,
  viewer: Actor | undefined,
  providerIds: readonly string[],
): Promise<DirectoryForViewer> {
  const actions = clientActionsOn(viewer, { accountStatus: 'active' });
  const kept =
    viewer && actions.includes('favourite')
      ? await favouritesAmong(db, viewer.id, providerIds)
      : new Set<string>();
  return { allowed_actions: actions, favourite_ids: providerIds.filter((id) => kept.has(id)) };
}
