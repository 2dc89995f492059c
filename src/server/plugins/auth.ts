import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { ChainStep } from './chain-step';
import { SESSION_COOKIE } from '../../features/accounts/server/session-cookies';
import { findSessionUser, type SessionUser } from '../../features/accounts/server/sessions';
import type { Role } from '../../shared/statuses';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or undefined for a visitor. */
    user: SessionUser | undefined;
  }
}

/** The request chain's session step (request-chain.ts): who, if anyone, signed in. */
export function registerAuth(app: FastifyInstance, db: Db): ChainStep {
  app.decorateRequest('user', undefined);
  return (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // A visitor's request (no session cookie) costs nothing here.
    if (!token) return true;
    return findSessionUser(db, token).then((user) => {
      request.user = user;
      return true;
    });
  };
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
