import { aliasedTable, and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { users } from '../../accounts/server/tables';
import { bids, workRequests } from '../../requests/server/tables';
import type { ThreadFacts } from '../conversations.rules';
import { conversationBlocks, conversations, messageAttachments, messages } from './tables';

type Reader = Db | Tx;

const clientUser = aliasedTable(users, 'client_user');
const providerUser = aliasedTable(users, 'provider_user');
const acceptedBid = aliasedTable(bids, 'accepted_bid');

/** A block between the two people of a thread, either way; who blocked, or null. */
const blockerOf = sql<string | null>`(
  select ${conversationBlocks.blockerId} from ${conversationBlocks}
  where (${conversationBlocks.blockerId} = ${conversations.clientId}
         and ${conversationBlocks.blockedId} = ${conversations.providerId})
     or (${conversationBlocks.blockerId} = ${conversations.providerId}
         and ${conversationBlocks.blockedId} = ${conversations.clientId})
  limit 1)`;

const threadColumns = {
  thread: conversations,
  clientName: clientUser.name,
  providerName: providerUser.name,
  clientActive: sql<boolean>`${clientUser.accountStatus} = 'active'`,
  providerActive: sql<boolean>`${providerUser.accountStatus} = 'active'`,
  request: {
    id: workRequests.id,
    status: workRequests.status,
    clientId: workRequests.clientId,
    clientActive: workRequests.clientActive,
  },
  acceptedProviderId: acceptedBid.providerId,
  blockerId: blockerOf,
};

/** Threads with everything their rules decide on (and `extra` columns), read in one query. */
export function selectThreadsWith<Extra extends Record<string, SQL>>(db: Reader, extra: Extra) {
  return db
    .select({ ...threadColumns, ...extra })
    .from(conversations)
    .innerJoin(clientUser, eq(clientUser.id, conversations.clientId))
    .innerJoin(providerUser, eq(providerUser.id, conversations.providerId))
    .leftJoin(workRequests, eq(workRequests.id, conversations.workRequestId))
    .leftJoin(acceptedBid, eq(acceptedBid.id, workRequests.acceptedBidId));
}

const selectThreads = (db: Reader) => selectThreadsWith(db, {});

export type ThreadRow = Awaited<ReturnType<ReturnType<typeof selectThreads>['where']>>[number];

/** The facts of conversations.rules.ts, as the viewer sees them. */
export function threadFacts(row: ThreadRow, viewerId: string): ThreadFacts {
  const request = row.request;
  return {
    clientId: row.thread.clientId,
    providerId: row.thread.providerId,
    request:
      request && request.id !== null
        ? {
            status: request.status,
            clientId: request.clientId,
            clientActive: request.clientActive,
            acceptedProviderId: row.acceptedProviderId,
          }
        : null,
    bidWithdrawn: row.thread.bidWithdrawn,
    bothActive: row.clientActive && row.providerActive,
    blocked: row.blockerId !== null,
    blockedByViewer: row.blockerId === viewerId,
  };
}

/** A thread by id; with `lock`, its row stays locked for the transaction (messages in order). */
export async function findThread(db: Reader, id: string, lock?: 'update') {
  const query = selectThreads(db).where(eq(conversations.id, id));
  const [row] = lock ? await query.for(lock, { of: conversations }) : await query;
  return row;
}

export async function findThreadOf(db: Reader, workRequestId: string, providerId: string) {
  const [row] = await selectThreads(db).where(
    and(eq(conversations.workRequestId, workRequestId), eq(conversations.providerId, providerId)),
  );
  return row;
}

/** A new thread, or nothing when one for this request and provider appeared meanwhile. */
export async function insertThread(tx: Tx, values: typeof conversations.$inferInsert) {
  const [row] = await tx
    .insert(conversations)
    .values(values)
    .onConflictDoNothing({ target: [conversations.workRequestId, conversations.providerId] })
    .returning({ id: conversations.id });
  return row?.id;
}

export async function countThreadsStartedSince(db: Reader, userId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.startedBy, userId), gt(conversations.createdAt, since)));
  return row?.count ?? 0;
}

export async function countMessagesSince(db: Reader, senderId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since)));
  return row?.count ?? 0;
}

/** A new message, or nothing when this sender already sent one with the same key. */
export async function insertMessage(tx: Tx, values: typeof messages.$inferInsert) {
  const [row] = await tx
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.senderId, messages.idempotencyKey] })
    .returning();
  if (row) {
    await tx
      .update(conversations)
      .set({ lastMessageAt: row.createdAt })
      .where(eq(conversations.id, row.conversationId));
  }
  return row;
}

export async function messageByKey(db: Reader, senderId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertAttachments(tx: Tx, rows: (typeof messageAttachments.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(messageAttachments).values(rows);
}

export type MessageRow = typeof messages.$inferSelect;

/** A page of a thread's messages before `before` (a message of it), newest first. */
export async function messagesBefore(
  db: Reader,
  conversationId: string,
  before: MessageRow | undefined,
  limit: number,
) {
  const older = before
    ? or(
        lt(messages.createdAt, before.createdAt),
        and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
      )
    : undefined;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export async function findMessage(db: Reader, conversationId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)));
  return row;
}

export type AttachmentRow = typeof messageAttachments.$inferSelect;

export async function attachmentsOf(db: Reader, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.messageId), asc(messageAttachments.position));
}

/** An attachment of a thread's message. */
export async function findAttachment(db: Reader, conversationId: string, attachmentId: string) {
  const [row] = await db
    .select({ attachment: messageAttachments })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(
      and(eq(messageAttachments.id, attachmentId), eq(messages.conversationId, conversationId)),
    );
  return row?.attachment;
}

/** The viewer has read everything the other person wrote so far. */
export async function markRead(tx: Tx, id: string, side: 'client' | 'provider', readerId: string) {
  const column = side === 'client' ? conversations.clientReadAt : conversations.providerReadAt;
  const newest = sql`(select max(${messages.createdAt}) from ${messages}
    where ${messages.conversationId} = ${id} and ${messages.senderId} <> ${readerId})`;
  const [row] = await tx
    .update(conversations)
    .set(
      side === 'client'
        ? { clientReadAt: sql`greatest(${column}, ${newest})` }
        : { providerReadAt: sql`greatest(${column}, ${newest})` },
    )
    .where(
      and(
        eq(conversations.id, id),
        sql`${newest} is not null and (${column} is null or ${column} < ${newest})`,
      ),
    )
    .returning({ id: conversations.id });
  return row !== undefined;
}

export async function setBidWithdrawn(
  tx: Reader,
  workRequestId: string,
  providerId: string,
  withdrawn: boolean,
) {
  await tx
    .update(conversations)
    .set({ bidWithdrawn: withdrawn })
    .where(
      and(eq(conversations.workRequestId, workRequestId), eq(conversations.providerId, providerId)),
    );
}

export async function block(tx: Tx, blockerId: string, blockedId: string) {
  await tx.insert(conversationBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function unblock(tx: Tx, blockerId: string, blockedId: string) {
  await tx
    .delete(conversationBlocks)
    .where(
      and(eq(conversationBlocks.blockerId, blockerId), eq(conversationBlocks.blockedId, blockedId)),
    );
}

/** Every stored file of the messages this person sent or received (their account is going). */
export async function storedKeysOfPerson(db: Reader, userId: string) {
  const rows = await db
    .select({ key: messageAttachments.storageKey })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(or(eq(conversations.clientId, userId), eq(conversations.providerId, userId)));
  return rows.map((row) => row.key);
}

/** The threads of a request and their two people (whose open pages a change of it concerns). */
export function threadsOfRequest(db: Reader, workRequestId: string) {
  return db
    .select({
      id: conversations.id,
      clientId: conversations.clientId,
      providerId: conversations.providerId,
    })
    .from(conversations)
    .where(eq(conversations.workRequestId, workRequestId));
}
