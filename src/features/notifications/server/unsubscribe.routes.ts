import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { fileResponse } from '../../../server/openapi';
import { confirmationPage, turnedOffPage } from './unsubscribe.page';
import { UNSUBSCRIBE_PATH } from './unsubscribe-link';
import { unsubscribe, unsubscribeTarget } from './unsubscribe.service';

const path = UNSUBSCRIBE_PATH.replace(/^\/api/, '');

/** The link's signed token; a missing one is refused as a bad one (400 invalid_token). */
const unsubscribeQuery = z.object({ token: z.string().max(2048).optional() });

/** RFC 8058's body, as a mail provider or the page's button posts it. */
const oneClickForm = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/** The most a one-click body may be: one short field, with a multipart boundary around it. */
const ONE_CLICK_BODY_LIMIT = 1024;

/** The pages may post their button here and nowhere else, load nothing, and not be framed. */
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const sendPage = (reply: FastifyReply, html: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    // The address holds the token: it goes nowhere else.
    .header('referrer-policy', 'no-referrer')
    .send(Buffer.from(html));

/**
 * One-click unsubscribe (RFC 8058; docs/notifications.md "Unsubscribe link"). GET shows what the
 * link turns off and a button, and changes nothing (mail scanners open links); POST turns it off,
 * with no session and no CSRF token: the signed link is the proof. Both answer a small page in
 * the person's language; a bad or forged link answers 400 `invalid_token`.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  // The link names everything, so the body (`List-Unsubscribe=One-Click`, urlencoded or
  // multipart, or none at all) is read within its limit and set aside.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  const page = fileResponse('A small page in the person’s language', ['text/html']);

  app.get(
    path,
    { schema: { querystring: unsubscribeQuery, response: { 200: page } } },
    async (request, reply) => {
      const { token } = request.query;
      const { user, type } = await unsubscribeTarget(ctx, token);
      return sendPage(reply, confirmationPage(user.preferredLanguage, type, token!));
    },
  );

  app.post(
    path,
    {
      // Mail providers post from their own servers, for many people each: counted like reads.
      // The signed link cannot be guessed, and posting it again changes nothing.
      config: { csrf: false, rateLimit: 'read' },
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      schema: {
        querystring: unsubscribeQuery,
        documentedBody: oneClickForm,
        response: { 200: page },
      },
    },
    async (request, reply) => {
      const { user, type } = await unsubscribe(ctx, request.query.token);
      return sendPage(reply, turnedOffPage(user.preferredLanguage, type));
    },
  );
};
