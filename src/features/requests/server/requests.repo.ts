import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { preparedFor } from '../../../server/db/prepared';
import type { WorkRequestStatus } from '../../../shared/statuses';
import type { RequestFacts } from '../requests.rules';
import { clientProfiles, users } from '../../accounts/server/tables';
import { places } from '../../places/server/tables';
import { attachments, bids, listedRequest, workRequests } from './tables';
import { cardRow } from './cards';

export async function listClientRequests(db: Db, clientId: string) {
  return db
    .select({
      ...cardRow,
      clientId: workRequests.clientId,
      clientActive: workRequests.clientActive,
      acceptedProviderId: bids.providerId,
      reviewedAt: workRequests.reviewedAt,
      biddingExtendedAt: workRequests.biddingExtendedAt,
      attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.workRequestId} = ${workRequests.id})`,
      newBidCount: sql<number>`(select count(*)::int from ${bids} where ${bids.workRequestId} = ${workRequests.id} and ${bids.createdAt} > coalesce(${workRequests.bidsSeenAt}, '-infinity'))`,
    })
    .from(workRequests)
    .leftJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(eq(workRequests.clientId, clientId))
    .orderBy(desc(workRequests.createdAt));
}

/**
 * The client has seen the request's bids: those placed up to the newest one now stored stop being
 * "new" in My requests. Writes only when there is a newer bid, so opening the page again is a read.
 * `updated_at` stays: having looked changes nothing about the request.
 */
export async function markBidsSeen(db: Db, id: string) {
  const latest = db
    .select({ at: sql<Date>`max(${bids.createdAt})`.as('at') })
    .from(bids)
    .where(eq(bids.workRequestId, id))
    .as('latest');
  await db
    .update(workRequests)
    .set({ bidsSeenAt: sql`${latest.at}`, updatedAt: sql`${workRequests.updatedAt}` })
    .from(latest)
    .where(
      and(
        eq(workRequests.id, id),
        sql`${latest.at} > coalesce(${workRequests.bidsSeenAt}, '-infinity')`,
      ),
    );
}

/**
 * The client has reviewed the provider hired for the request (in the review's transaction).
 * `updated_at` stays: a review changes nothing about the request itself.
 */
export async function markRequestReviewed(tx: Tx, id: string) {
  await tx
    .update(workRequests)
    .set({ reviewedAt: sql`now()`, updatedAt: sql`${workRequests.updatedAt}` })
    .where(eq(workRequests.id, id));
}

/** The facts the lifecycle rules (requests.rules.ts) decide on. */
export function factsOf(row: {
  clientId: string;
  status: WorkRequestStatus;
  clientActive: boolean;
  acceptedProviderId: string | null;
  bidsUntil: Date | string;
  biddingExtendedAt: Date | string | null;
}): RequestFacts {
  return {
    clientId: row.clientId,
    status: row.status,
    clientActive: row.clientActive,
    acceptedProviderId: row.acceptedProviderId,
    bidsUntil: new Date(row.bidsUntil),
    extended: row.biddingExtendedAt !== null,
  };
}

/**
 * The request row with the facts the rules need. With a `lock`, the row stays locked for the rest
 * of the transaction (`update` to change it, `share` to keep it from changing) and the facts are
 * read under that lock; without one, it is a plain read for decisions that change nothing.
 */
export async function readRequestRow(reader: Tx | Db, id: string, lock?: 'update' | 'share') {
  const query = reader
    .select({
      clientId: workRequests.clientId,
      title: workRequests.title,
      status: workRequests.status,
      clientActive: workRequests.clientActive,
      acceptedBidId: workRequests.acceptedBidId,
      bidsUntil: workRequests.bidsUntil,
      biddingExtendedAt: workRequests.biddingExtendedAt,
    })
    .from(workRequests)
    .where(eq(workRequests.id, id));
  const [request] = lock ? await query.for(lock) : await query;
  if (!request) return undefined;
  const [accepted] = request.acceptedBidId
    ? await reader
        .select({ providerId: bids.providerId })
        .from(bids)
        .where(eq(bids.id, request.acceptedBidId))
    : [];
  return {
    request,
    facts: factsOf({ ...request, acceptedProviderId: accepted?.providerId ?? null }),
  };
}

/** What a request's page shows and its rules decide on: never the search columns. */
const detailColumns = {
  id: workRequests.id,
  clientId: workRequests.clientId,
  title: workRequests.title,
  description: workRequests.description,
  category: workRequests.category,
  location: workRequests.location,
  deadline: workRequests.deadline,
  bidsUntil: workRequests.bidsUntil,
  biddingExtendedAt: workRequests.biddingExtendedAt,
  status: workRequests.status,
  clientActive: workRequests.clientActive,
  acceptedBidId: workRequests.acceptedBidId,
  reviewedAt: workRequests.reviewedAt,
  contactName: workRequests.contactName,
  contactEmail: workRequests.contactEmail,
  createdAt: workRequests.createdAt,
  updatedAt: workRequests.updatedAt,
};

/**
 * A request with its client's status and phone and who won it, and its attachments: by primary
 * keys.
 */
const requestDetails = preparedFor((db) => ({
  request: db
    .select({
      request: detailColumns,
      clientStatus: users.accountStatus,
      // The client's phone as their profile holds it now, not as it was when they posted.
      clientPhone: clientProfiles.phoneNumber,
      acceptedProviderId: bids.providerId,
      // The town or village, presented in the reader's language (places feature).
      place: places,
    })
    .from(workRequests)
    .innerJoin(users, eq(users.id, workRequests.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, workRequests.clientId))
    .leftJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .leftJoin(places, eq(places.id, workRequests.placeId))
    .where(eq(workRequests.id, sql.placeholder('id')))
    .limit(1)
    .prepare('request_details'),
  attachments: db
    .select({
      id: attachments.id,
      filename: attachments.filename,
      mimeType: attachments.mimeType,
      sizeBytes: attachments.sizeBytes,
      storageKey: attachments.storageKey,
      thumbnailKey: attachments.thumbnailKey,
    })
    .from(attachments)
    .where(eq(attachments.workRequestId, sql.placeholder('id')))
    .orderBy(attachments.position, attachments.id)
    .prepare('request_attachments'),
}));

/** Both read at once, by the request's id: one round trip's wait instead of two. */
export async function findRequest(db: Db, id: string) {
  const statements = requestDetails(db);
  const [[row], files] = await Promise.all([
    statements.request.execute({ id }),
    statements.attachments.execute({ id }),
  ]);
  if (!row) return undefined;
  const { request, clientStatus, clientPhone, acceptedProviderId, place } = row;
  return {
    request,
    clientStatus,
    clientPhone,
    acceptedProviderId,
    place,
    attachments: files,
    facts: factsOf({ ...request, acceptedProviderId }),
  };
}

export type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** Open requests listed in browse (their client active) posted at or after `since`. */
export async function countOpenRequestsSince(db: Db, since: Date) {
  const [row] = await db
    .select({ total: count() })
    .from(workRequests)
    .where(and(listedRequest(workRequests), gte(workRequests.createdAt, since)));
  return row?.total ?? 0;
}

/** A new request's row; answers its id. */
export async function insertRequest(tx: Tx, values: typeof workRequests.$inferInsert) {
  const [created] = await tx.insert(workRequests).values(values).returning({ id: workRequests.id });
  return created!.id;
}

/** Deletes the request; its bids and attachment rows go with it (cascade). */
export async function deleteRequestRow(tx: Tx, id: string) {
  await tx.delete(workRequests).where(eq(workRequests.id, id));
}

export async function setRequestStatus(tx: Tx, id: string, status: WorkRequestStatus) {
  await tx.update(workRequests).set({ status }).where(eq(workRequests.id, id));
}

/**
 * The client extends the time for bids: the new end, the extension recorded (once), and an
 * expired request open again.
 */
export async function setBidsUntil(tx: Tx, id: string, bidsUntil: Date, status: WorkRequestStatus) {
  await tx
    .update(workRequests)
    .set({ bidsUntil, biddingExtendedAt: sql`now()`, status })
    .where(eq(workRequests.id, id));
}

/**
 * Open requests whose time for bids ended by `now`, oldest end first, locked and skipped by a
 * concurrent sweep (`skip locked`): two sweeps at once expire each request once.
 */
export async function lockDueForExpiry(tx: Tx, now: Date, limit: number) {
  return tx
    .select({
      id: workRequests.id,
      clientId: workRequests.clientId,
      title: workRequests.title,
      status: workRequests.status,
      bidsUntil: workRequests.bidsUntil,
    })
    .from(workRequests)
    .where(and(eq(workRequests.status, 'OPEN'), lte(workRequests.bidsUntil, now)))
    .orderBy(workRequests.bidsUntil, workRequests.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}
