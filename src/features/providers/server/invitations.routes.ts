import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { MAX_INVITATIONS_PER_REQUEST } from '../../requests/invitations.rules';
import { invitableRequestsResponse, invitationResponse, inviteBody } from '../invitations.schema';
import { presentInvitableRequest } from './invitations.presenter';
import { invite, requestsToInviteTo } from './invitations.service';

const idParams = z.object({ id: z.uuid({ message: 'provider_not_found' }) });

/**
 * The invitation to bid (docs/invitations.md): the dialog's list of the client's open requests,
 * and the invitation itself.
 */
export const invitationsRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/providers/:id/invitable-requests',
    { schema: { params: idParams, response: { 200: invitableRequestsResponse } } },
    async (request) => {
      const me = requireUser(request);
      const rows = await requestsToInviteTo(ctx, me, request.params.id);
      return {
        requests: rows.map(presentInvitableRequest),
        max_invitations: MAX_INVITATIONS_PER_REQUEST,
      };
    },
  );

  app.post(
    '/providers/:id/invitations',
    { schema: { params: idParams, body: inviteBody, response: { 201: invitationResponse } } },
    async (request, reply) => {
      const me = requireUser(request);
      const made = await invite(ctx, me, request.params.id, request.body.work_request_id);
      return reply.status(201).send({
        invitation: {
          work_request_id: made.workRequestId,
          provider_id: made.providerId,
          invited_at: made.invitedAt.toISOString(),
          invited_count: made.invitedCount,
        },
      });
    },
  );
};
