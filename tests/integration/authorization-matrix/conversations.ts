import type { App } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/database';
import type { FileStorage } from '../../../src/server/storage/storage';
import { createConversation, createMessage, createMessageAttachment } from '../../factories';
import { Agent } from '../../support/agent';

/**
 * The conversations of the authorization matrix (../authorization-matrix.test.ts). Each world's
 * request has one thread between its client (`owner`) and the provider that world is about:
 * `bidder` while the request is OPEN or CANCELLED, `winner` once it is ASSIGNED or COMPLETED.
 * The provider asked first; after the hire they sent a photo. The ASSIGNED world's thread is
 * reported by its client (the report the /admin/reports rows read); the COMPLETED one is not.
 */

export interface ThreadOfWorld {
  id: string;
  /** The thread's provider: the one the request's client names when writing to them. */
  providerId: string;
  /** The photo sent after the hire; null before one (OPEN, CANCELLED). */
  attachmentId: string | null;
}

/** A hired world's photo: asked for through another thread, it is not found. */
let someHiredPhoto: string | undefined;
let reportId: string | undefined;

export async function threadOfWorld(
  db: Db,
  storage: FileStorage,
  world: { requestId: string; clientId: string; providerId: string; hired: boolean },
): Promise<ThreadOfWorld> {
  const { providerId } = world;
  const thread = await createConversation(db, {
    workRequestId: world.requestId,
    clientId: world.clientId,
    providerId,
  });
  await createMessage(db, {
    conversationId: thread.id,
    senderId: providerId,
    body: 'Dobrý deň, mám priniesť aj nové tesnenie?',
  });
  if (!world.hired) return { id: thread.id, providerId, attachmentId: null };
  const photo = await createMessage(db, { conversationId: thread.id, senderId: providerId });
  const attachment = await createMessageAttachment(db, storage, photo.id);
  someHiredPhoto ??= attachment.id;
  return { id: thread.id, providerId, attachmentId: attachment.id };
}

/** The request's client reports the thread, through the API: the report the console reads. */
export async function reportOf(app: App, clientSession: string, threadId: string) {
  const agent = new Agent(app);
  agent.useSession(clientSession, 'sk');
  const answer = await agent.post(`/api/conversations/${threadId}/report`, {
    reason: 'fraud',
    note: 'Pýta zálohu vopred na cudzí účet.',
  });
  if (answer.statusCode !== 201) throw new Error(`report: ${answer.statusCode} ${answer.body}`);
  reportId = answer.json().report_id as string;
}

/** What a call of the matrix needs of its cell. */
interface ConversationCell {
  actor: string;
  world: { requestId: string; conversation: ThreadOfWorld } | undefined;
}

const PROVIDER_ACTORS = ['provider', 'bidder', 'winner', 'loser'];
const thread = (cell: ConversationCell) => cell.world!.conversation;
const threadUrl = (cell: ConversationCell) => `/api/conversations/${thread(cell).id}`;

/** How the matrix calls each conversation route (merged into its CALLS). */
export const CONVERSATION_CALLS = {
  'POST /api/conversations': {
    body: (cell: ConversationCell) => ({
      work_request_id: cell.world!.requestId,
      // A provider writes as themselves; anyone else names the thread's provider.
      ...(PROVIDER_ACTORS.includes(cell.actor) ? {} : { provider_id: thread(cell).providerId }),
      text: 'Dobrý deň, kedy by ste mohli prísť?',
    }),
  },
  'GET /api/conversations/:id/messages': {
    url: (cell: ConversationCell) => `${threadUrl(cell)}/messages`,
  },
  'POST /api/conversations/:id/messages': {
    url: (cell: ConversationCell) => `${threadUrl(cell)}/messages`,
    body: () => ({ text: 'Hodí sa vám utorok ráno?' }),
  },
  'POST /api/conversations/:id/read': {
    url: (cell: ConversationCell) => `${threadUrl(cell)}/read`,
  },
  // A report, a block: on a thread of their own (the matrix's threads stay unreported, unblocked).
  'POST /api/conversations/:id/report': {
    fresh: 'request',
    url: (cell: ConversationCell) => `${threadUrl(cell)}/report`,
    body: () => ({ reason: 'spam' }),
  },
  'POST /api/conversations/:id/block': {
    fresh: 'request',
    url: (cell: ConversationCell) => `${threadUrl(cell)}/block`,
  },
  'DELETE /api/conversations/:id/block': {
    fresh: 'request',
    url: (cell: ConversationCell) => `${threadUrl(cell)}/block`,
  },
  'GET /api/conversations/:id/attachments/:attachmentId': {
    url: (cell: ConversationCell) =>
      `${threadUrl(cell)}/attachments/${thread(cell).attachmentId ?? someHiredPhoto}`,
  },
  'GET /api/admin/reports/:id': { url: () => `/api/admin/reports/${reportId}` },
  'PATCH /api/admin/reports/:id/close': { url: () => `/api/admin/reports/${reportId}/close` },
} as const;
