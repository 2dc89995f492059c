import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../../server/context';
import {
  decide,
  openForAdministrator,
  pendingQueue,
  presentAdminDetail,
  presentAdminRow,
} from '../../verifications/server';
import {
  adminDocumentDetail,
  adminVerificationsQuery,
  adminVerificationsResponse,
  approveBody,
  documentIdParams,
  rejectBody,
} from '../../verifications/verifications.schema';
import { administratorOf } from './admin-guard';

/** Pending documents on one page of the console's Verifications tab. */
export const VERIFICATIONS_PAGE = 20;

/**
 * The console's Verifications (docs/admin.md "Verifications"): providers' documents waiting,
 * oldest first; one opened (audited) with what the provider entered; approved until a date or
 * rejected with a reason. Registered inside the admin scope, whose guard has already refused
 * anyone but an administrator. The document's file is `GET /api/verifications/:id/document`.
 */
export const adminVerificationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/admin/verifications',
    {
      schema: {
        querystring: adminVerificationsQuery,
        response: { 200: adminVerificationsResponse },
      },
    },
    async (request) => {
      administratorOf(request);
      const { page } = request.query;
      const { rows, total } = await pendingQueue(ctx, page, VERIFICATIONS_PAGE);
      return {
        documents: rows.map(presentAdminRow),
        pagination: {
          page,
          total_pages: Math.max(1, Math.ceil(total / VERIFICATIONS_PAGE)),
          total,
        },
      };
    },
  );

  const detail = async (admin: ReturnType<typeof administratorOf>, id: string, audit = true) =>
    presentAdminDetail(await openForAdministrator(ctx, admin, id, audit));

  app.get(
    '/admin/verifications/:id',
    { schema: { params: documentIdParams, response: { 200: adminDocumentDetail } } },
    async (request) => detail(administratorOf(request), request.params.id),
  );

  app.post(
    '/admin/verifications/:id/approve',
    {
      schema: {
        params: documentIdParams,
        body: approveBody,
        response: { 200: adminDocumentDetail },
      },
    },
    async (request) => {
      const admin = administratorOf(request);
      await decide(ctx, admin, request.params.id, {
        approve: true,
        expiresOn: request.body.expires_on,
      });
      return detail(admin, request.params.id, false);
    },
  );

  app.post(
    '/admin/verifications/:id/reject',
    {
      schema: {
        params: documentIdParams,
        body: rejectBody,
        response: { 200: adminDocumentDetail },
      },
    },
    async (request) => {
      const admin = administratorOf(request);
      await decide(ctx, admin, request.params.id, {
        approve: false,
        reason: request.body.reason,
        note: request.body.note || null,
      });
      return detail(admin, request.params.id, false);
    },
  );
};
