import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/types';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { LIMITS } from '../../../shared/limits';
import { isParticipant } from '../conversations.rules';
import { attachmentsOf, findMessage, messagesBefore, type MessageRow } from './conversations.repo';
import { conversationNotFound } from './conversations.service';
import { findThreadWithCounts, listThreadsOf } from './thread-list.repo';

const { pageSize, threadsPageSize } = LIMITS.messages;

/** A page of the viewer's threads, and their unread messages over all of them. */
export async function listConversations(
  ctx: ServerContext,
  viewer: Actor,
  page: number,
  workRequestId?: string,
) {
  const found = await listThreadsOf(ctx.db, viewer.id, {
    page,
    size: threadsPageSize,
    workRequestId,
  });
  return {
    ...found,
    page,
    totalPages: Math.max(1, Math.ceil(found.total / threadsPageSize)),
  };
}

/** A thread of the viewer's with their unread count and its last message; else 404. */
export async function viewThread(db: ServerContext['db'] | Tx, viewer: Actor, id: string) {
  const row = await findThreadWithCounts(db, id, viewer.id);
  if (!row || !isParticipant(viewer, row.thread)) throw conversationNotFound();
  return row;
}

/** Files of these messages, by message. */
export async function filesOf(db: ServerContext['db'] | Tx, messages: MessageRow[]) {
  const files = await attachmentsOf(
    db,
    messages.map((message) => message.id),
  );
  return (message: MessageRow) => files.filter((file) => file.messageId === message.id);
}

/**
 * A page of a thread's messages, oldest first: the newest, or those before `before` (a message of
 * this thread; any other id is 404).
 */
export async function readMessages(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  before: string | undefined,
) {
  const thread = await viewThread(ctx.db, viewer, id);
  const anchor = before ? await findMessage(ctx.db, id, before) : undefined;
  if (before && !anchor) throw new AppError('message_not_found', 'Message not found.');
  const newestFirst = await messagesBefore(ctx.db, id, anchor, pageSize + 1);
  const messages = newestFirst.slice(0, pageSize).reverse();
  return {
    thread,
    messages,
    filesOf: await filesOf(ctx.db, messages),
    hasMore: newestFirst.length > pageSize,
  };
}
