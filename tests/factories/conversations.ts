import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import {
  bids,
  conversationReports,
  conversations,
  messageAttachments,
  messages,
  workRequests,
} from '../../src/server/db/schema';
import type { FileStorage } from '../../src/server/storage/storage';
import { PNG } from './files';

/**
 * Threads made straight in the database, for suites about who may reach them (not about how
 * they are written: those go through the API). Times default to two hours ago, so that no
 * rate limit of the people (messages per 10 minutes, new threads per hour) counts them.
 */
const longAgo = () => new Date(Date.now() - 2 * 60 * 60_000);

export async function createConversation(
  db: Db,
  values: {
    workRequestId: string;
    requestTitle?: string;
    clientId: string;
    providerId: string;
    /** Who wrote first (default: the provider, asking about the request). */
    startedBy?: string;
    at?: Date;
  },
) {
  const at = values.at ?? longAgo();
  const [thread] = await db
    .insert(conversations)
    .values({
      workRequestId: values.workRequestId,
      requestTitle: values.requestTitle ?? 'Oprava kvapkajúcej batérie',
      clientId: values.clientId,
      providerId: values.providerId,
      startedBy: values.startedBy ?? values.providerId,
      createdAt: at,
      lastMessageAt: at,
    })
    .returning();
  return thread!;
}

/** A message as stored; `reminded` (default true) keeps the unread reminder quiet about it. */
export async function createMessage(
  db: Db,
  values: {
    conversationId: string;
    senderId: string;
    body?: string;
    at?: Date;
    reminded?: boolean;
  },
) {
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      senderId: values.senderId,
      body: values.body ?? 'Posielam fotku hotovej práce.',
      reminded: values.reminded ?? true,
      createdAt: values.at ?? longAgo(),
    })
    .returning();
  return message!;
}

/** A PNG sent with a message (as after the hire), its bytes in `storage`. */
export async function createMessageAttachment(db: Db, storage: FileStorage, messageId: string) {
  const key = storage.newKey();
  await storage.put(key, PNG);
  const [attachment] = await db
    .insert(messageAttachments)
    .values({
      messageId,
      position: 0,
      filename: 'hotova-praca.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
      storageKey: key,
    })
    .returning();
  return attachment!;
}

/** A report of the thread by `reporterId`, with no copy of its messages. */
export async function createConversationReport(
  db: Db,
  values: { conversationId: string; reporterId: string; reportedId: string },
) {
  const [report] = await db
    .insert(conversationReports)
    .values({ ...values, reason: 'spam', requestTitle: 'Oprava kvapkajúcej batérie', messages: [] })
    .returning();
  return report!;
}

/**
 * `provider` bid on the OPEN `request` of `clientId`, and the two have a thread (the provider
 * asked first). Hired: the bid accepted (the request ASSIGNED), and a photo sent after it.
 */
export async function createRequestThread(
  db: Db,
  storage: FileStorage,
  world: { request: { id: string; title: string }; clientId: string; providerId: string },
  { hired }: { hired: boolean },
) {
  const { request, clientId, providerId } = world;
  const [bid] = await db
    .insert(bids)
    .values({
      workRequestId: request.id,
      providerId,
      amountCents: 12_000,
      description: 'Vymením tesnenie do hodiny.',
      status: hired ? 'ACCEPTED' : 'PENDING',
    })
    .returning();
  if (hired) {
    await db
      .update(workRequests)
      .set({ status: 'ASSIGNED', acceptedBidId: bid!.id })
      .where(eq(workRequests.id, request.id));
  }
  const thread = await createConversation(db, {
    workRequestId: request.id,
    requestTitle: request.title,
    clientId,
    providerId,
  });
  const question = await createMessage(db, {
    conversationId: thread.id,
    senderId: providerId,
    body: 'Dobrý deň, mám priniesť aj nové tesnenie?',
  });
  if (!hired) return { bid: bid!, thread, messages: [question], attachment: undefined };
  const photo = await createMessage(db, { conversationId: thread.id, senderId: providerId });
  const attachment = await createMessageAttachment(db, storage, photo.id);
  return { bid: bid!, thread, messages: [question, photo], attachment };
}
