import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../server/db/types';
import { conversations, messages } from './tables';

/**
 * Messages older than `before` that nobody reminded of yet, each with whether its reader has read
 * it; locked, so that two instances' sweeps never remind twice.
 */
export async function dueMessages(tx: Tx, before: Date, limit: number) {
  return tx
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
      read: sql<boolean>`coalesce(case when ${messages.senderId} = ${conversations.clientId}
          then ${conversations.providerReadAt} else ${conversations.clientReadAt} end
          >= ${messages.createdAt}, false)`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(sql`not ${messages.reminded}`, lte(messages.createdAt, before)))
    .orderBy(messages.createdAt)
    .limit(limit)
    .for('update', { of: messages, skipLocked: true });
}

export async function markReminded(tx: Tx, ids: string[]) {
  if (ids.length > 0)
    await tx.update(messages).set({ reminded: true }).where(inArray(messages.id, ids));
}
