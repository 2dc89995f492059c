import type { Db } from '../../../server/db/types';
import { messagesBefore, threadsOfRequest } from './conversations.repo';

/** How many of a thread's last messages an administrator's case shows. */
export const CASE_MESSAGES = 50;

/**
 * The thread between a disputed job's client and its provider, as the administrators' case shows
 * it (docs/conversations.md "Reports": the console reads a thread only through a report or a
 * case, and every look is audited by the caller): its last messages, oldest first, each with its
 * sender's side. Undefined when the two never wrote.
 */
export async function threadOfCase(
  db: Db,
  workRequestId: string,
  clientId: string,
  providerId: string,
) {
  const thread = (await threadsOfRequest(db, workRequestId)).find(
    (row) => row.clientId === clientId && row.providerId === providerId,
  );
  if (!thread) return undefined;
  const last = (await messagesBefore(db, thread.id, undefined, CASE_MESSAGES)).reverse();
  return {
    id: thread.id,
    messages: last.map((message) => ({
      id: message.id,
      senderRole: message.senderId === clientId ? ('client' as const) : ('provider' as const),
      text: message.body,
      createdAt: message.createdAt,
    })),
  };
}
