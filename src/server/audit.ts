import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { auditEntries } from '../features/admin/server/tables';
import type { Role } from '../shared/statuses';
import { currentHttpRequestId } from './request-context';

export interface AuditEvent {
  action: string;
  outcome: 'success' | 'failure';
  level?: 'info' | 'warn' | 'error';
  actorType?: Role | 'anonymous' | 'system';
  actorId?: string | null;
  targetType?: string;
  targetUserId?: string | null;
  /** The HTTP request's id; the one being answered when left out (request-context.ts). */
  httpRequestId?: string;
  /** Plain words about what happened: never a password, token, email address or name. */
  message?: string;
}

export type WriteAudit = (event: AuditEvent) => Promise<void>;

/** Audit entries must never break the action they record: a failed write is logged instead. */
export function auditWriter(db: Db, log: FastifyBaseLogger): WriteAudit {
  return async (event) => {
    try {
      await db.insert(auditEntries).values({
        action: event.action,
        outcome: event.outcome,
        level: event.level ?? (event.outcome === 'failure' ? 'warn' : 'info'),
        actorType: event.actorType ?? null,
        actorId: event.actorId ?? null,
        targetType: event.targetType ?? null,
        targetUserId: event.targetUserId ?? null,
        httpRequestId: event.httpRequestId ?? currentHttpRequestId() ?? null,
        message: event.message ?? null,
      });
    } catch (err) {
      log.error({ err, action: event.action }, 'could not write audit entry');
    }
  };
}
