import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { selectThreadsWith } from './conversations.repo';
import { conversations, messages } from './tables';

/** The viewer's side of a thread: when they last read it. */
const myReadAt = (viewerId: string) =>
  sql`case when ${conversations.clientId} = ${viewerId}
        then ${conversations.clientReadAt} else ${conversations.providerReadAt} end`;

/** Messages of the thread from the other person that the viewer has not read. */
const unreadOf = (viewerId: string) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id}
    and ${messages.senderId} <> ${viewerId}
    and ${messages.createdAt} > coalesce(${myReadAt(viewerId)}, '-infinity'::timestamptz))`;

const lastMessage = sql<{ body: string; sender_id: string; created_at: string } | null>`(
  select json_build_object('body', ${messages.body}, 'sender_id', ${messages.senderId},
    'created_at', ${messages.createdAt})
  from ${messages} where ${messages.conversationId} = ${conversations.id}
  order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`;

const mine = (viewerId: string, workRequestId?: string) =>
  and(
    or(eq(conversations.clientId, viewerId), eq(conversations.providerId, viewerId)),
    workRequestId ? eq(conversations.workRequestId, workRequestId) : undefined,
  );

/**
 * A page of the viewer's threads (of one request, when named), the latest talk first, with their
 * unread counts; the unread total is over all of the viewer's threads.
 */
export async function listThreadsOf(
  db: Db,
  viewerId: string,
  filter: { page: number; size: number; workRequestId?: string | undefined },
) {
  const { page, size } = filter;
  const rows = await selectThreadsWith(db, { unread: unreadOf(viewerId), last: lastMessage })
    .where(mine(viewerId, filter.workRequestId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(size)
    .offset((page - 1) * size);
  const [totals] = await db
    .select({
      total: sql<number>`count(*) filter (where ${mine(viewerId, filter.workRequestId)})::int`,
      unread: sql<number>`coalesce(sum(${unreadOf(viewerId)}), 0)::int`,
    })
    .from(conversations)
    .where(mine(viewerId));
  return { rows, total: totals?.total ?? 0, unreadTotal: totals?.unread ?? 0 };
}

/** One thread with the viewer's unread count and its last message. */
export async function findThreadWithCounts(db: Db | Tx, id: string, viewerId: string) {
  const [row] = await selectThreadsWith(db, {
    unread: unreadOf(viewerId),
    last: lastMessage,
  }).where(eq(conversations.id, id));
  return row;
}
