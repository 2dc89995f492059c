import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { adminAccessRefusal } from './admin.policy';

const REFUSALS = {
  not_authenticated: 'You must be logged in.',
  insufficient_permissions: 'Insufficient permissions.',
} as const;

/**
 * The administration scope's guard: registered on a plugin, it runs for every route of that
 * plugin after the request chain (rate limit, session, CSRF) and before validation, so a visitor
 * gets 401 `not_authenticated` and anyone but an administrator 403 `insufficient_permissions`
 * whatever they sent. Every refusal writes an audit entry (the route's pattern, never its ids).
 */
export function registerAdminGuard(scope: FastifyInstance, ctx: ServerContext) {
  scope.addHook('onRequest', async (request) => {
    const refusal = adminAccessRefusal(request.user);
    if (!refusal) return;
    await ctx.writeAudit({
      action: 'admin.access.denied',
      outcome: 'failure',
      actorType: request.user?.role ?? 'anonymous',
      actorId: request.user?.id ?? null,
      message: `${request.method} ${request.routeOptions.url ?? 'admin route'}: ${refusal}`,
    });
    throw new AppError(refusal, REFUSALS[refusal]);
  });
}

/** The administrator behind a request the guard let through. */
export function administratorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (adminAccessRefusal(user) !== null || !user) {
    throw new AppError('insufficient_permissions', REFUSALS.insufficient_permissions);
  }
  return { id: user.id, role: user.role };
}
