import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { isAdministratorOrSelf, type Actor } from '../../shared/actor';
import { deleteUserRow, findUserById, pictureKeyOf } from '../../features/accounts/server';
import {
  announceRequestsOfLeavingClient,
  releaseHiresOf,
  storedKeysOfClient,
} from '../../features/requests/server';
import { storedKeysOfPerson } from '../../features/conversations/server';
import { storedKeysOfProvider } from '../../features/verifications/server';
import { workPhotoKeys } from '../../features/providers/server';

/**
 * Removes a person's data at once: the account, its profile, sessions and tokens, requests
 * with their files, and bids (foreign keys cascade). A provider's unfinished hires go back to
 * their clients, open again (requests.rules.ts), and the providers who bid on a client's requests
 * are told they are gone, in the same transaction. Audit entries keep only
 * ids. Its owner may, and so may an administrator (who gives a `note`, the reason, for the audit
 * entry).
 */
export async function deleteAccount(
  ctx: ServerContext,
  actor: Actor,
  userId: string,
  note?: string,
) {
  if (!isAdministratorOrSelf(actor, userId)) {
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
  const target = await findUserById(ctx.db, userId);
  if (!target) return;
  // Their threads and messages go with the account (the database's cascade), files too.
  const [files, messageFiles, picture, workPhotos, documents] = await Promise.all([
    storedKeysOfClient(ctx.db, userId),
    storedKeysOfPerson(ctx.db, userId),
    pictureKeyOf(ctx.db, userId),
    workPhotoKeys(ctx.db, userId),
    // A provider's documents for checks (verifications).
    storedKeysOfProvider(ctx.db, userId),
  ]);
  await ctx.db.transaction(async (tx) => {
    if (target.role === 'provider') await releaseHiresOf(ctx, tx, userId);
    if (target.role === 'client') await announceRequestsOfLeavingClient(ctx, tx, userId);
    await deleteUserRow(tx, userId);
  });
  await ctx.storage.remove([
    ...files,
    ...messageFiles,
    ...(picture ? [picture] : []),
    ...workPhotos,
    ...documents,
  ]);
  await ctx.writeAudit({
    action: 'account.delete',
    outcome: 'success',
    actorType: actor.role,
    actorId: actor.id,
    targetType: target.role,
    targetUserId: userId,
    message:
      actor.id === userId
        ? 'deleted by its owner'
        : `deleted by an administrator${note ? `: ${note}` : ''}`,
  });
}
