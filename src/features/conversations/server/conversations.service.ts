import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/types';
import { AppError, refusalError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { LIMITS } from '../../../shared/limits';
import { findUserById } from '../../accounts/server';
import { hasBidOn, lockRequestFacts, type CheckedFile } from '../../requests/server';
import { canOpenRequest } from '../../requests/requests.rules';
import { maskContacts } from '../contact-masking';
import {
  attachRefusal,
  isParticipant,
  masksContacts,
  openRefusal,
  writeRefusal,
  type Refusal,
} from '../conversations.rules';
import {
  countMessagesSince,
  countThreadsStartedSince,
  findThread,
  findThreadOf,
  insertAttachments,
  insertMessage,
  insertThread,
  markRead,
  messageByKey,
  threadFacts,
  type ThreadRow,
} from './conversations.repo';

/** Rate limits per person (docs/conversations.md "Limits"), counted in the database. */
export const CONVERSATION_LIMITS = {
  messages: { count: 30, windowMs: 10 * 60_000 },
  newThreads: { count: 5, windowMs: 60 * 60_000 },
};

const REFUSALS: Partial<Record<NonNullable<Refusal>, string>> = {
  conversation_not_allowed: 'You cannot start a conversation about this request.',
  conversation_not_found: 'Conversation not found.',
  conversation_read_only: 'This conversation no longer takes messages.',
  conversation_blocked: 'This conversation is blocked.',
  attachments_after_hire: 'Files can be sent once the client has accepted a bid.',
  request_not_open: 'This request is no longer open.',
  client_disabled: "The client's account is disabled.",
  provider_disabled: "The provider's account is disabled.",
};

export const refuse = (code: NonNullable<Refusal>) => refusalError(code, REFUSALS);
export const conversationNotFound = () =>
  new AppError('conversation_not_found', 'Conversation not found.');

/** A thread the viewer is one of the two people of; for anyone else, as if it did not exist. */
export async function threadOf(
  db: ServerContext['db'] | Tx,
  viewer: Actor,
  id: string,
  lock?: 'update',
) {
  const row = await findThread(db, id, lock);
  if (!row || !isParticipant(viewer, row.thread)) throw conversationNotFound();
  return row;
}

function tooMany(windowMs: number) {
  const minutes = Math.ceil(windowMs / 60_000);
  return new AppError('rate_limited', `Too many messages. Try again in ${minutes} minutes.`, {
    retryAfterSeconds: windowMs / 1000,
  });
}

/** A message to write: its text, its checked files (already stored under `key`), its key. */
export interface NewMessage {
  text: string;
  files: (CheckedFile & { key: string })[];
  idempotencyKey: string | undefined;
}

/**
 * Writes a message in a thread whose row the transaction holds locked: the rules, the sender's
 * limit, masking before the hire, and the event that tells the other person. The same
 * Idempotency-Key of the same sender answers the message it stored first.
 */
async function writeMessage(
  ctx: ServerContext,
  tx: Tx,
  viewer: Actor,
  row: ThreadRow,
  input: NewMessage,
) {
  const facts = threadFacts(row, viewer.id);
  const refusal =
    input.files.length > 0 ? attachRefusal(viewer, facts) : writeRefusal(viewer, facts);
  if (refusal) throw refuse(refusal);
  if (input.idempotencyKey) {
    const earlier = await messageByKey(tx, viewer.id, input.idempotencyKey);
    if (earlier) return { message: earlier, replayed: true };
  }
  const { count, windowMs } = CONVERSATION_LIMITS.messages;
  if ((await countMessagesSince(tx, viewer.id, new Date(Date.now() - windowMs))) >= count) {
    throw tooMany(windowMs);
  }
  const { text, masked } = masksContacts(facts)
    ? maskContacts(input.text)
    : { text: input.text, masked: false };
  const message = await insertMessage(tx, {
    conversationId: row.thread.id,
    senderId: viewer.id,
    body: text,
    masked,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  if (!message) {
    // The same key, sent at once: the first one stored answers both.
    const earlier = await messageByKey(tx, viewer.id, input.idempotencyKey!);
    return { message: earlier!, replayed: true };
  }
  await insertAttachments(
    tx,
    input.files.map((file, position) => ({
      messageId: message.id,
      position,
      filename: file.filename,
      mimeType: file.mime,
      sizeBytes: file.bytes.length,
      storageKey: file.key,
    })),
  );
  const recipientId =
    viewer.id === row.thread.clientId ? row.thread.providerId : row.thread.clientId;
  await ctx.events.publish(tx, 'message.sent', {
    messageId: message.id,
    conversationId: row.thread.id,
    senderId: viewer.id,
    recipientId,
  });
  return { message, replayed: false };
}

/** Stores the files first; a refusal or a replay removes them again. */
async function withStoredFiles<T extends { replayed: boolean }>(
  ctx: ServerContext,
  files: CheckedFile[],
  write: (stored: (CheckedFile & { key: string })[]) => Promise<T>,
): Promise<T> {
  const stored: (CheckedFile & { key: string })[] = [];
  try {
    for (const file of files) {
      const key = ctx.storage.newKey();
      await ctx.storage.put(key, file.bytes);
      stored.push({ ...file, key });
    }
    const outcome = await write(stored);
    if (outcome.replayed) await ctx.storage.remove(stored.map((file) => file.key)).catch(() => {});
    return outcome;
  } catch (error) {
    await ctx.storage.remove(stored.map((file) => file.key)).catch(() => {});
    throw error;
  }
}

/**
 * Opens the thread of a request with a provider (or finds the one there is) and writes its
 * message. A provider writes as themselves; a client names the provider.
 */
export async function startConversation(
  ctx: ServerContext,
  viewer: Actor,
  input: { work_request_id: string; provider_id?: string | undefined; text: string },
  idempotencyKey: string | undefined,
) {
  if (viewer.role === 'provider' && input.provider_id && input.provider_id !== viewer.id) {
    throw new AppError('provider_mismatch', 'You can only write as yourself.');
  }
  const providerId = viewer.role === 'provider' ? viewer.id : input.provider_id;
  if (!providerId) throw refuse('conversation_not_allowed');
  return ctx.db.transaction(async (tx) => {
    const request = await lockRequestFacts(tx, input.work_request_id, 'share');
    const providerHasBid = await hasBidOn(tx, request.id, providerId);
    // Someone who may not open the request is answered as if it did not exist.
    if (!canOpenRequest(viewer, request, viewer.role === 'provider' && providerHasBid)) {
      throw new AppError('request_not_found', 'Request not found.');
    }
    const provider = await findUserById(tx, providerId);
    const refusal = openRefusal(viewer, {
      request,
      providerId,
      providerHasBid: providerHasBid && provider?.role === 'provider',
      providerActive: provider?.role === 'provider' && provider.accountStatus === 'active',
    });
    if (refusal) throw refuse(refusal);
    let row = await findThreadOf(tx, request.id, providerId);
    if (!row) {
      const { count, windowMs } = CONVERSATION_LIMITS.newThreads;
      const since = new Date(Date.now() - windowMs);
      if (
        viewer.role === 'provider' &&
        (await countThreadsStartedSince(tx, viewer.id, since)) >= count
      ) {
        throw tooMany(windowMs);
      }
      await insertThread(tx, {
        workRequestId: request.id,
        requestTitle: request.title,
        clientId: request.clientId,
        providerId,
        startedBy: viewer.id,
      });
      row = await findThreadOf(tx, request.id, providerId);
    }
    const locked = await threadOf(tx, viewer, row!.thread.id, 'update');
    const written = await writeMessage(ctx, tx, viewer, locked, {
      text: input.text,
      files: [],
      idempotencyKey,
    });
    return { ...written, threadId: locked.thread.id };
  });
}

/** A message in a thread of the viewer's, with files after the hire. */
export async function sendMessage(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  input: { text: string; files: CheckedFile[]; idempotencyKey: string | undefined },
) {
  if (input.files.length > 0) {
    // Refused before any file is stored; checked again under the lock.
    const refusal = attachRefusal(
      viewer,
      threadFacts(await threadOf(ctx.db, viewer, id), viewer.id),
    );
    if (refusal) throw refuse(refusal);
  }
  return withStoredFiles(ctx, input.files, (files) =>
    ctx.db.transaction(async (tx) => {
      const row = await threadOf(tx, viewer, id, 'update');
      return writeMessage(ctx, tx, viewer, row, { ...input, files });
    }),
  );
}

/** The viewer has read the thread up to its newest message; the other person sees "seen". */
export async function markThreadRead(ctx: ServerContext, viewer: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await threadOf(tx, viewer, id);
    const side = viewer.id === row.thread.clientId ? 'client' : 'provider';
    if (await markRead(tx, id, side, viewer.id)) {
      await ctx.events.publish(tx, 'conversation.read', {
        conversationId: id,
        readerId: viewer.id,
        otherId: side === 'client' ? row.thread.providerId : row.thread.clientId,
      });
    }
  });
}

export const MESSAGES_PAGE = LIMITS.messages.pageSize;
