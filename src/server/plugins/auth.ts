import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { SESSION_COOKIE } from '../../features/accounts/server/session-cookies';
import { findSessionUser, type SessionUser } from '../../features/accounts/server/sessions';
import type { Role } from '../../shared/statuses';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or undefined for a visitor. */
    user: SessionUser | undefined;
  }
}

/** Reads the session cookie of every request in the scope it is registered in (the API). */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (request) => {
    request.user = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('not_authenticated', 'You must be logged in.');
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role))
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  return user;
}
