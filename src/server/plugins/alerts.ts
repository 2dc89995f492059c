import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { alerts } from '../../features/admin/server/tables';
import type { AlertType } from '../../shared/statuses';

export type RecordAlert = (
  type: AlertType,
  message: string,
  details?: Record<string, unknown>,
) => Promise<void>;

/**
 * Writes an alert for the admin console. An alert that cannot be written is logged, never thrown:
 * raising an alert must not break the request that raised it.
 */
export function alertRecorder(db: Db, log: FastifyBaseLogger): RecordAlert {
  return async (type, message, details) => {
    try {
      await db.insert(alerts).values({ type, message: message.slice(0, 500), details });
    } catch (err) {
      log.error({ err, type }, 'could not record alert');
    }
  };
}
