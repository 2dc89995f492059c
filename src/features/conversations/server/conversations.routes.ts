import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { fileResponse } from '../../../server/openapi';
import { requireUser } from '../../../server/plugins/auth';
import { formRoutes } from '../../../server/plugins/forms';
import type { Actor } from '../../../shared/actor';
import { ATTACHMENT_TYPES } from '../../requests/attachments.rules';
import { readForm } from '../../requests/server';
import {
  conversationIdParams,
  conversationsResponse,
  conversationView,
  listConversationsQuery,
  messageAttachmentParams,
  messagesQuery,
  messagesResponse,
  reportBody,
  reportResponse,
  sendMessageBody,
  sentMessageResponse,
  startConversationBody,
} from '../conversations.schema';
import { attachmentForViewer, serveAttachment } from './attachments.service';
import {
  otherReadAt,
  presentMessage,
  presentSummary,
  presentThread,
} from './conversations.presenter';
import { markThreadRead, sendMessage, startConversation } from './conversations.service';
import { reportThread, setBlock } from './moderation.service';
import { filesOf, listConversations, readMessages, viewThread } from './thread-reads.service';

/** The browser's Idempotency-Key: a message sent twice (a retry, a double tap) is stored once. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new AppError(
      'idempotency_key_invalid',
      'Idempotency-Key must be 8 to 100 letters, digits or - _ . :',
    );
  }
  return value;
}

const threadResponse = z.object({ conversation: conversationView });

export const conversationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  /** The thread as the viewer sees it now, with one message of it. */
  const sent = async (
    me: Actor,
    threadId: string,
    message: Parameters<typeof presentMessage>[0],
  ) => {
    const thread = await viewThread(ctx.db, me, threadId);
    const files = await filesOf(ctx.db, [message]);
    return {
      conversation: presentThread(thread, me),
      message: presentMessage(message, files(message), me, otherReadAt(thread, me)),
    };
  };
  const threadNow = async (me: Actor, id: string) => {
    const thread = await viewThread(ctx.db, me, id);
    return { conversation: presentThread(thread, me) };
  };

  app.get(
    '/conversations',
    { schema: { querystring: listConversationsQuery, response: { 200: conversationsResponse } } },
    async (request) => {
      const me = requireUser(request);
      const { page, work_request_id } = request.query;
      const found = await listConversations(ctx, me, page, work_request_id);
      return {
        conversations: found.rows.map((row) => presentSummary(row, me)),
        unread_total: found.unreadTotal,
        pagination: { page: found.page, total_pages: found.totalPages, total: found.total },
      };
    },
  );

  app.post(
    '/conversations',
    { schema: { body: startConversationBody, response: { 201: sentMessageResponse } } },
    async (request, reply) => {
      const me = requireUser(request);
      const key = idempotencyKeyOf(request);
      const { message, threadId } = await startConversation(ctx, me, request.body, key);
      return reply.status(201).send(await sent(me, threadId, message));
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        params: conversationIdParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const page = await readMessages(ctx, me, request.params.id, request.query.before);
      const seenUntil = otherReadAt(page.thread, me);
      return {
        conversation: presentThread(page.thread, me),
        messages: page.messages.map((message) =>
          presentMessage(message, page.filesOf(message), me, seenUntil),
        ),
        has_more: page.hasMore,
      };
    },
  );

  await app.register(
    formRoutes(async (forms) => {
      // Text as JSON, or text with files as multipart/form-data (files after the hire).
      forms.post(
        '/conversations/:id/messages',
        {
          // Counted per person by the service (30 in 10 minutes); the address's default group
          // stops floods.
          schema: { params: conversationIdParams, response: { 201: sentMessageResponse } },
        },
        async (request, reply) => {
          const me = requireUser(request);
          const key = idempotencyKeyOf(request);
          const form = request.isMultipart()
            ? await readForm(request)
            : { fields: request.body, files: [] };
          const { text } = sendMessageBody.parse(form.fields);
          const { message } = await sendMessage(ctx, me, request.params.id, {
            text,
            files: form.files,
            idempotencyKey: key,
          });
          return reply.status(201).send(await sent(me, request.params.id, message));
        },
      );
    }),
  );

  app.post(
    '/conversations/:id/read',
    { schema: { params: conversationIdParams, response: { 200: threadResponse } } },
    async (request) => {
      const me = requireUser(request);
      await markThreadRead(ctx, me, request.params.id);
      return threadNow(me, request.params.id);
    },
  );

  app.post(
    '/conversations/:id/report',
    {
      config: { rateLimit: 'contact' },
      schema: { params: conversationIdParams, body: reportBody, response: { 201: reportResponse } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const id = await reportThread(ctx, me, request.params.id, request.body);
      return reply.status(201).send({ report_id: id, message: 'Thank you. We will look into it.' });
    },
  );

  for (const [method, blocked] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/conversations/:id/block',
      { schema: { params: conversationIdParams, response: { 200: threadResponse } } },
      async (request) => {
        const me = requireUser(request);
        await setBlock(ctx, me, request.params.id, blocked);
        return threadNow(me, request.params.id);
      },
    );
  }

  app.get(
    '/conversations/:id/attachments/:attachmentId',
    {
      schema: {
        params: messageAttachmentParams,
        querystring: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
        response: {
          200: fileResponse("A message's file, as it was sent", Object.keys(ATTACHMENT_TYPES)),
        },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await attachmentForViewer(ctx, requireUser(request), id, attachmentId);
      return serveAttachment(ctx, reply, file, request.query.disposition === 'inline');
    },
  );
};
