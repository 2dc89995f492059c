import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import type { AlertType } from '../../../shared/statuses';
import { alerts } from './tables';
import { browseNewestFirst } from './browse';

export type AlertRow = typeof alerts.$inferSelect;

export function findAlerts(db: Db, type: AlertType | undefined, page: number, limit: number) {
  const where = type ? eq(alerts.type, type) : undefined;
  return browseNewestFirst<AlertRow>(db, {
    table: alerts,
    where,
    order: [alerts.createdAt, alerts.id],
    page,
    limit,
    readPage: (offset) =>
      db
        .select()
        .from(alerts)
        .where(where)
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(limit)
        .offset(offset),
  });
}

/** How many alerts of each of these types were raised since `since` (the type index). */
export async function countAlertsSince(db: Db, types: AlertType[], since: Date) {
  const rows = await db
    .select({ type: alerts.type, n: count() })
    .from(alerts)
    .where(and(inArray(alerts.type, types), gt(alerts.createdAt, since)))
    .groupBy(alerts.type);
  return new Map(rows.map((row) => [row.type, row.n]));
}
