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
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // A visitor's request (no session cookie) costs nothing here.
    if (!token) return done();
    findSessionUser(db, token).then((user) => {
      request.user = user;
      done();
    }, done);
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
