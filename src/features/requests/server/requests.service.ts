import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { isVerifiedClient } from '../../accounts/server';
import { placeOrRefuse } from '../../places/server';
import { biddersOf, bidsAtExpiry, hasBidOn, rejectPendingBids } from './bids.repo';
import { isInvited } from './invitations.repo';
import {
  bidsUntilAt,
  canOpenRequest,
  cancelRefusal,
  DEFAULT_BIDDING_DAYS,
  extendedBidsUntil,
  extendRefusal,
  completeRefusal,
  completionEvent,
  deleteRefusal,
  isRequestOwner,
  nextRequestStatus,
  requestActions,
} from '../requests.rules';
import type { WorkRequestFields } from '../requests.schema';
import {
  factsOf,
  findRequest,
  listClientRequests,
  deleteRequestRow,
  insertRequest,
  markBidsSeen,
  readRequestRow,
  setBidsUntil,
  setRequestStatus,
} from './requests.repo';
import type { CheckedFile } from './uploads';
import { insertAttachments, storedKeysOfRequest } from './attachments.repo';
import { refuse } from './refusals';

export const requestNotFound = () => new AppError('request_not_found', 'Request not found.');

/** Who may post (spec core §6): a signed-in client with a verified email. */
export async function assertCanPost(ctx: ServerContext, viewer: Actor | undefined) {
  if (!viewer || viewer.role !== 'client') {
    throw new AppError('client_only', 'You must be logged in as a client to create a request.');
  }
  const client = await isVerifiedClient(ctx.db, viewer.id);
  if (!client)
    throw new AppError('email_not_verified', 'Verify your email before posting a request.');
  return client;
}

/**
 * Posts a request with its files. Its place, when given, must be one of the gazetteer's (400
 * `unknown_place`, before anything is stored). Files are stored first, then the request and its
 * attachment rows are written in one transaction; if anything fails, the stored files are removed
 * again, so a failed post leaves neither a request nor orphan files.
 */
export async function createWorkRequest(
  ctx: ServerContext,
  viewer: Actor,
  contact: { name: string; email: string },
  fields: WorkRequestFields,
  files: CheckedFile[],
) {
  if (fields.place_id !== undefined) placeOrRefuse(fields.place_id);
  const stored: string[] = [];
  try {
    const keyed: (CheckedFile & { key: string; thumbnailKey: string | null })[] = [];
    for (const file of files) {
      const key = ctx.storage.newKey();
      await ctx.storage.put(key, file.bytes);
      stored.push(key);
      let thumbnailKey: string | null = null;
      if (file.thumbnail) {
        thumbnailKey = ctx.storage.newKey();
        await ctx.storage.put(thumbnailKey, file.thumbnail);
        stored.push(thumbnailKey);
      }
      keyed.push({ ...file, key, thumbnailKey });
    }
    const id = await ctx.db.transaction(async (tx) => {
      const created = await insertRequest(tx, {
        clientId: viewer.id,
        title: fields.title,
        description: fields.description,
        category: fields.category,
        location: fields.location,
        placeId: fields.place_id ?? null,
        deadline: fields.deadline ?? null,
        bidsUntil: bidsUntilAt(new Date(), fields.bidding_days ?? DEFAULT_BIDDING_DAYS),
        contactName: contact.name,
        contactEmail: contact.email,
      });
      await insertAttachments(
        tx,
        keyed.map((file, position) => ({
          position,
          workRequestId: created,
          storageKey: file.key,
          thumbnailKey: file.thumbnailKey,
          filename: file.filename,
          mimeType: file.mime,
          sizeBytes: file.bytes.length,
        })),
      );
      await ctx.events.publish(tx, 'request.posted', {
        workRequestId: created,
        clientId: viewer.id,
        title: fields.title,
      });
      return created;
    });
    await ctx.writeAudit({
      action: 'request.create',
      outcome: 'success',
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'work_request',
      message: `request ${id} with ${files.length} attachment(s)`,
    });
    return id;
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
}

/** Whether this viewer bid on the request, when that decides anything (providers only). */
export const viewerHasBid = (db: Db, viewer: Actor, id: string) =>
  viewer.role === 'provider' ? hasBidOn(db, id, viewer.id) : Promise.resolve(false);

/**
 * One request as the viewer sees it, with what the viewer may do next. A request the viewer may
 * not open (`canOpenRequest`) is answered exactly as one that does not exist.
 */
export async function viewRequest(ctx: ServerContext, viewer: Actor, id: string) {
  // The provider's bid is looked up beside the request itself: it needs only the id.
  const [found, hasBid, invitedViewer] = await Promise.all([
    findRequest(ctx.db, id),
    viewerHasBid(ctx.db, viewer, id),
    viewer.role === 'provider' ? isInvited(ctx.db, id, viewer.id) : false,
  ]);
  if (!found) throw requestNotFound();
  const { facts } = found;
  const reviewed = found.request.reviewedAt !== null;
  if (!canOpenRequest(viewer, facts, hasBid)) throw requestNotFound();
  return {
    found: { ...found, invitedViewer },
    actions: requestActions(viewer, facts, { hasBid, reviewed, now: new Date() }),
  };
}

/**
 * The request's page as the viewer opens it (GET /api/work-requests/:id). When its client opens
 * it, the bids so far count as seen: My requests marks only later ones as new.
 */
export async function openRequestPage(ctx: ServerContext, viewer: Actor, id: string) {
  const viewed = await viewRequest(ctx, viewer, id);
  if (isRequestOwner(viewer, viewed.found.facts)) await markBidsSeen(ctx.db, id);
  return viewed;
}

/** The client's own requests, each with what the client may do next. */
export async function myRequests(ctx: ServerContext, viewer: Actor) {
  const rows = await listClientRequests(ctx.db, viewer.id);
  return rows.map((row) => ({
    row,
    actions: requestActions(viewer, factsOf(row), {
      hasBid: false,
      reviewed: row.reviewedAt !== null,
      now: new Date(),
    }),
  }));
}

/**
 * Deletes a request, its bids (cascade) and its files. The state is checked under the row lock in
 * the same transaction as the delete, so a request assigned a moment earlier is not deleted; its
 * bidders are told (`request.deleted`) in that transaction.
 */
export async function deleteWorkRequest(ctx: ServerContext, viewer: Actor, id: string) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const locked = await readRequestRow(tx, id, 'update');
    if (!locked) throw requestNotFound();
    const refusal = deleteRefusal(viewer, locked.facts);
    if (refusal) throw refuse(refusal);
    const keys = await storedKeysOfRequest(tx, id);
    const bidderIds = await biddersOf(tx, id);
    await deleteRequestRow(tx, id);
    await ctx.events.publish(tx, 'request.deleted', {
      workRequestId: id,
      clientId: locked.request.clientId,
      title: locked.request.title,
      bidderIds,
    });
    return { clientId: locked.request.clientId, keys };
  });
  await ctx.storage.remove(deleted.keys);
  await ctx.writeAudit({
    action: 'request.delete',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    targetUserId: deleted.clientId,
    message: `request ${id}`,
  });
}

/**
 * Beyond the spec, as serious marketplaces do: the client closes a job that was done
 * (ASSIGNED → COMPLETED, or DONE → COMPLETED confirming the provider's "done") or withdraws an open request (OPEN → CANCELLED, its bids rejected).
 * The request row is locked so these never cross an acceptance.
 */
export async function changeRequestStatus(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  change: 'complete' | 'cancel',
) {
  const moved = await ctx.db.transaction(async (tx) => {
    const locked = await readRequestRow(tx, id, 'update');
    if (!locked) throw requestNotFound();
    const refusal =
      change === 'complete'
        ? completeRefusal(viewer, locked.facts)
        : cancelRefusal(viewer, locked.facts);
    if (refusal) throw refuse(refusal);
    // The client completes an ASSIGNED job directly, or confirms the provider's "done".
    const event = change === 'cancel' ? 'cancel' : completionEvent(locked.facts.status)!;
    const to = nextRequestStatus(locked.facts.status, event)!;
    await setRequestStatus(tx, id, to);
    const { clientId, acceptedProviderId } = locked.facts;
    const title = locked.request.title;
    if (change === 'cancel') {
      const rejectedProviderIds = await rejectPendingBids(tx, id);
      await ctx.events.publish(tx, 'request.cancelled', {
        workRequestId: id,
        clientId,
        title,
        rejectedProviderIds,
      });
    } else {
      await ctx.events.publish(tx, 'request.completed', {
        workRequestId: id,
        clientId,
        providerId: acceptedProviderId!,
        title,
        by: 'client',
      });
    }
    return { from: locked.facts.status, to };
  });
  await ctx.writeAudit({
    action: `request.${change}`,
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    message: `request ${id}: ${moved.from} → ${moved.to}`,
  });
}

/**
 * The client extends the time for bids once, by 1 to 14 days (`extendRefusal`): an open request
 * keeps taking bids longer, an expired one is open again. Under the row lock, so an extension
 * never crosses the expiry job, an acceptance or a second extension: one of them wins, the other
 * sees its result.
 */
export async function extendBidding(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  days: number,
  now = new Date(),
) {
  const extended = await ctx.db.transaction(async (tx) => {
    const locked = await readRequestRow(tx, id, 'update');
    if (!locked) throw requestNotFound();
    const refusal = extendRefusal(viewer, locked.facts);
    if (refusal) throw refuse(refusal);
    const from = locked.facts.status;
    const to = nextRequestStatus(from, 'extend')!;
    const bidsUntil = extendedBidsUntil(locked.facts, days, now);
    await setBidsUntil(tx, id, bidsUntil, to);
    const { pendingProviderIds } = await bidsAtExpiry(tx, id);
    await ctx.events.publish(tx, 'request.extended', {
      workRequestId: id,
      clientId: locked.facts.clientId,
      title: locked.request.title,
      bidsUntil: bidsUntil.toISOString(),
      reopened: from !== to,
      pendingProviderIds,
    });
    return { from, to, bidsUntil };
  });
  await ctx.writeAudit({
    action: 'request.extend',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    message: `request ${id}: ${extended.from} → ${extended.to}, bids until ${extended.bidsUntil.toISOString()}`,
  });
}

/**
 * Locks a request for a bid's change (`update` to assign it, `share` to keep it from changing
 * while a bid is written) and returns its facts for the rules. For the bids feature.
 */
export async function lockRequestFacts(tx: Tx, id: string, mode: 'update' | 'share') {
  const locked = await readRequestRow(tx, id, mode);
  if (!locked) throw requestNotFound();
  return { ...locked.facts, id, title: locked.request.title };
}

/** A request's facts for the rules, read without a lock (for decisions that change nothing). */
export async function readRequestFacts(db: Db | Tx, id: string) {
  const found = await readRequestRow(db, id);
  if (!found) throw requestNotFound();
  return { ...found.facts, id, title: found.request.title };
}

/** A request's facts, if the viewer may open it (`canOpenRequest`); else 404 as if it did not exist. */
export async function readOpenableRequestFacts(db: Db, viewer: Actor, id: string) {
  const facts = await readRequestFacts(db, id);
  if (!canOpenRequest(viewer, facts, await viewerHasBid(db, viewer, id))) throw requestNotFound();
  return facts;
}
