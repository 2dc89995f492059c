import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError, refusalError } from '../../../server/errors';
import { notify } from '../../../server/mail/notify';
import type { Actor } from '../../../shared/actor';
import { findUserById, isVerifiedClient } from '../../accounts/server';
import { hasBidOn, reopenRejectedBids, rejectPendingBids } from '../../bids/server';
import { isRequestReviewed, reviewedRequestIds } from '../../reviews/server/reviews.service';
import {
  canOpenRequest,
  cancelRefusal,
  completeRefusal,
  deleteRefusal,
  HIRED_STATUSES,
  isHired,
  isRequestOwner,
  nextRequestStatus,
  requestActions,
  type Refusal,
  type RequestFacts,
} from '../requests.rules';
import type { WorkRequestFields } from '../requests.schema';
import { attachments, workRequests } from './requests.table';
import {
  factsOf,
  findRequest,
  listClientRequests,
  markBidsSeen,
  readRequestRow,
} from './requests.repo';
import type { CheckedFile } from './uploads';
import { bids } from '../../bids/server';

const REFUSALS: Partial<Record<NonNullable<Refusal>, string>> = {
  insufficient_permissions: 'Insufficient permissions.',
  request_not_open: 'This request is no longer open.',
  request_not_assigned: 'Only an assigned request can be completed.',
};

const refuse = (code: NonNullable<Refusal>) => refusalError(code, REFUSALS);

const requestNotFound = () => new AppError('request_not_found', 'Request not found.');

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
 * Posts a request with its files. Files are stored first, then the request and its attachment
 * rows are written in one transaction; if anything fails, the stored files are removed again,
 * so a failed post leaves neither a request nor orphan files.
 */
export async function createWorkRequest(
  ctx: ServerContext,
  viewer: Actor,
  contact: { name: string; email: string },
  fields: WorkRequestFields,
  files: CheckedFile[],
  requestId: string,
) {
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
      const [created] = await tx
        .insert(workRequests)
        .values({
          clientId: viewer.id,
          title: fields.title,
          description: fields.description,
          category: fields.category,
          location: fields.location,
          deadline: fields.deadline ?? null,
          contactName: contact.name,
          contactEmail: contact.email,
        })
        .returning({ id: workRequests.id });
      if (keyed.length > 0) {
        await tx.insert(attachments).values(
          keyed.map((file, position) => ({
            position,
            workRequestId: created!.id,
            storageKey: file.key,
            thumbnailKey: file.thumbnailKey,
            filename: file.filename,
            mimeType: file.mime,
            sizeBytes: file.bytes.length,
          })),
        );
      }
      return created!.id;
    });
    await ctx.writeAudit({
      action: 'request.create',
      outcome: 'success',
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'work_request',
      requestId,
      message: `request ${id} with ${files.length} attachment(s)`,
    });
    return id;
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
}

/** Whether this viewer bid on the request, when that decides anything (providers only). */
const viewerHasBid = (db: Db, viewer: Actor, id: string) =>
  viewer.role === 'provider' ? hasBidOn(db, id, viewer.id) : Promise.resolve(false);

/**
 * One request as the viewer sees it, with what the viewer may do next. A request the viewer may
 * not open (`canOpenRequest`) is answered exactly as one that does not exist.
 */
export async function viewRequest(ctx: ServerContext, viewer: Actor, id: string) {
  // The provider's bid is looked up beside the request itself: it needs only the id.
  const [found, hasBid] = await Promise.all([
    findRequest(ctx.db, id),
    viewerHasBid(ctx.db, viewer, id),
  ]);
  if (!found) throw requestNotFound();
  const { facts } = found;
  const reviewed =
    viewer.id === facts.clientId && isHired(facts.status) && (await isRequestReviewed(ctx.db, id));
  if (!canOpenRequest(viewer, facts, hasBid)) throw requestNotFound();
  return { found, actions: requestActions(viewer, facts, { hasBid, reviewed }) };
}

const attachmentNotFound = () => new AppError('attachment_not_found', 'Attachment not found.');

/**
 * The request's page as the viewer opens it (GET /api/work-requests/:id). When its client opens
 * it, the bids so far count as seen: My requests marks only later ones as new.
 */
export async function openRequestPage(ctx: ServerContext, viewer: Actor, id: string) {
  const viewed = await viewRequest(ctx, viewer, id);
  if (isRequestOwner(viewer, viewed.found.facts)) await markBidsSeen(ctx.db, id);
  return viewed;
}

/**
 * An attachment's row, if the viewer may open its request; otherwise the same 404 as an
 * attachment that does not exist. The download and the card's preview both go through here.
 */
async function openableAttachment(
  ctx: ServerContext,
  viewer: Actor,
  requestId: string,
  attachmentId: string,
) {
  const found = await findRequest(ctx.db, requestId);
  if (!found) throw attachmentNotFound();
  if (!canOpenRequest(viewer, found.facts, await viewerHasBid(ctx.db, viewer, requestId))) {
    throw attachmentNotFound();
  }
  const file = found.attachments.find((attachment) => attachment.id === attachmentId);
  if (!file) throw attachmentNotFound();
  return file;
}

/** An attachment for download, under the rules of `openableAttachment`. */
export async function attachmentFor(
  ctx: ServerContext,
  viewer: Actor,
  requestId: string,
  attachmentId: string,
) {
  const file = await openableAttachment(ctx, viewer, requestId, attachmentId);
  if (!(await ctx.storage.exists(file.storageKey))) throw attachmentNotFound();
  return file;
}

/**
 * The storage key of an attachment's card preview, under exactly the download's rules; 404 when
 * the file has none (not an image, an SVG, or posted before previews were made).
 */
export async function thumbnailFor(
  ctx: ServerContext,
  viewer: Actor,
  requestId: string,
  attachmentId: string,
) {
  const { thumbnailKey } = await openableAttachment(ctx, viewer, requestId, attachmentId);
  if (!thumbnailKey || !(await ctx.storage.exists(thumbnailKey))) throw attachmentNotFound();
  return thumbnailKey;
}

/** The client's own requests, each with what the client may do next. */
export async function myRequests(ctx: ServerContext, viewer: Actor) {
  const rows = await listClientRequests(ctx.db, viewer.id);
  const hired = rows.filter((row) => isHired(row.status)).map((row) => row.id);
  const reviewed = await reviewedRequestIds(ctx.db, hired);
  return rows.map((row) => ({
    row,
    actions: requestActions(viewer, factsOf(row), {
      hasBid: false,
      reviewed: reviewed.has(row.id),
    }),
  }));
}

/**
 * Deletes a request, its bids (cascade) and its files. The state is checked under the row lock in
 * the same transaction as the delete, so a request assigned a moment earlier is not deleted.
 */
export async function deleteWorkRequest(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  requestId: string,
) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const locked = await readRequestRow(tx, id, 'update');
    if (!locked) throw requestNotFound();
    const refusal = deleteRefusal(viewer, locked.facts);
    if (refusal) throw refuse(refusal);
    const files = await tx
      .select({ key: attachments.storageKey, thumbnailKey: attachments.thumbnailKey })
      .from(attachments)
      .where(eq(attachments.workRequestId, id));
    await tx.delete(workRequests).where(eq(workRequests.id, id));
    return { clientId: locked.request.clientId, keys: storedKeysOf(files) };
  });
  await ctx.storage.remove(deleted.keys);
  await ctx.writeAudit({
    action: 'request.delete',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    targetUserId: deleted.clientId,
    requestId,
    message: `request ${id}`,
  });
}

/**
 * Beyond the spec, as serious marketplaces do: the client closes a job that was done
 * (ASSIGNED → COMPLETED) or withdraws an open request (OPEN → CANCELLED, its bids rejected).
 * The request row is locked so these never cross an acceptance.
 */
export async function changeRequestStatus(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  change: 'complete' | 'cancel',
  requestId: string,
) {
  const moved = await ctx.db.transaction(async (tx) => {
    const locked = await readRequestRow(tx, id, 'update');
    if (!locked) throw requestNotFound();
    const refusal =
      change === 'complete'
        ? completeRefusal(viewer, locked.facts)
        : cancelRefusal(viewer, locked.facts);
    if (refusal) throw refuse(refusal);
    const to = nextRequestStatus(locked.facts.status, change)!;
    await tx.update(workRequests).set({ status: to }).where(eq(workRequests.id, id));
    if (change === 'cancel') await rejectPendingBids(tx, id);
    return { from: locked.facts.status, to };
  });
  await ctx.writeAudit({
    action: `request.${change}`,
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    requestId,
    message: `request ${id}: ${moved.from} → ${moved.to}`,
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
export async function readRequestFacts(db: Db, id: string) {
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

/** The request is assigned to the accepted bid (caller holds the row lock and checked the rules). */
export async function assignRequest(tx: Tx, facts: RequestFacts & { id: string }, bidId: string) {
  const to = nextRequestStatus(facts.status, 'assign');
  if (!to) throw refuse('request_not_open');
  await tx
    .update(workRequests)
    .set({ status: to, acceptedBidId: bidId })
    .where(eq(workRequests.id, facts.id));
}

/** The client's requests this provider won and that still stand: what makes a hire real. */
export async function hiresOf(db: Db, clientId: string, providerId: string) {
  const rows = await db
    .select({ id: workRequests.id })
    .from(workRequests)
    .innerJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(
      and(
        eq(workRequests.clientId, clientId),
        eq(bids.providerId, providerId),
        inArray(workRequests.status, HIRED_STATUSES),
      ),
    );
  return rows.map((row) => row.id);
}

/** How many jobs this provider won and finished (requests COMPLETED on their accepted bid). */
export async function completedJobsOf(db: Db, providerId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(workRequests)
    .innerJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(and(eq(bids.providerId, providerId), eq(workRequests.status, 'COMPLETED')));
  return row?.total ?? 0;
}

/**
 * Before a provider's account is deleted (in the same transaction): every request they won and
 * have not finished goes back to OPEN with its other bids pending again, so the client can choose
 * someone else. Completed jobs stay completed. Returns the reopened requests, to tell clients.
 * Each request they bid on is locked first (in id order), as bid actions lock the request before
 * the bid: deleting an accepted bid changes its request, and the other order deadlocks.
 */
export async function releaseHiresOf(tx: Tx, providerId: string) {
  const bidOn = await tx
    .select({
      id: workRequests.id,
      title: workRequests.title,
      clientId: workRequests.clientId,
      hired: sql<boolean>`${workRequests.status} = 'ASSIGNED' and ${workRequests.acceptedBidId} = ${bids.id}`,
    })
    .from(workRequests)
    .innerJoin(bids, eq(bids.workRequestId, workRequests.id))
    .where(eq(bids.providerId, providerId))
    .orderBy(workRequests.id)
    .for('update', { of: workRequests });
  const won = bidOn.filter((row) => row.hired);
  for (const request of won) {
    await tx
      .update(workRequests)
      .set({ status: nextRequestStatus('ASSIGNED', 'winner_gone')!, acceptedBidId: null })
      .where(eq(workRequests.id, request.id));
    await reopenRejectedBids(tx, request.id);
  }
  return won;
}

/** Mails each client whose hire was released that the request is open again (queued in `tx`). */
export async function tellClientsOfReleasedHires(
  ctx: ServerContext,
  tx: Tx,
  released: { id: string; title: string; clientId: string }[],
) {
  for (const request of released) {
    const client = await findUserById(tx, request.clientId);
    if (!client) continue;
    await notify(ctx, tx, client, 'hireReleased', {
      name: client.name,
      title: request.title,
      link: `${ctx.publicUrl}/request/${request.id}`,
    });
  }
}

/** Storage keys of every file of the client's requests, previews too (their account is being deleted). */
export async function attachmentKeysOfClient(db: Db, clientId: string) {
  const rows = await db
    .select({ key: attachments.storageKey, thumbnailKey: attachments.thumbnailKey })
    .from(attachments)
    .innerJoin(workRequests, eq(workRequests.id, attachments.workRequestId))
    .where(eq(workRequests.clientId, clientId));
  return storedKeysOf(rows);
}

/** Every stored file of these attachments: the uploads and their previews. */
function storedKeysOf(rows: { key: string; thumbnailKey: string | null }[]) {
  return rows.flatMap((row) => (row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key]));
}
