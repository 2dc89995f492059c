import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import type { AUDIT_ACTOR_TYPES } from '../admin.schema';
import { auditEntries } from './tables';
import { browseNewestFirst } from './browse';

export interface AuditFilters {
  httpRequestId?: string | undefined;
  action?: string | undefined;
  actorId?: string | undefined;
  actorType?: (typeof AUDIT_ACTOR_TYPES)[number] | undefined;
}

export type AuditRow = typeof auditEntries.$inferSelect;

/** Each filter is an exact match with its own (column, created_at desc, id desc) index. */
function matching(filters: AuditFilters): SQL | undefined {
  return and(
    filters.httpRequestId ? eq(auditEntries.httpRequestId, filters.httpRequestId) : undefined,
    filters.action ? eq(auditEntries.action, filters.action) : undefined,
    filters.actorId ? eq(auditEntries.actorId, filters.actorId) : undefined,
    filters.actorType ? eq(auditEntries.actorType, filters.actorType) : undefined,
  );
}

const newestFirst = [desc(auditEntries.createdAt), desc(auditEntries.id)];

export function findAudits(db: Db, filters: AuditFilters, page: number, limit: number) {
  const where = matching(filters);
  return browseNewestFirst<AuditRow>(db, {
    table: auditEntries,
    where,
    order: [auditEntries.createdAt, auditEntries.id],
    page,
    limit,
    readPage: (offset) =>
      db
        .select()
        .from(auditEntries)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
  });
}

/**
 * Every matching entry, newest first, in batches read by keyset (the last row's created_at and
 * id): each batch is one short index walk, whatever the table's size, no connection is held
 * between batches, and only one batch is in memory. The position is kept as PostgreSQL's own
 * text of the timestamp, because a JavaScript Date would lose its microseconds.
 */
export async function* auditBatches(
  db: Db,
  filters: AuditFilters,
  batchSize = 500,
): AsyncGenerator<AuditRow[]> {
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const where = and(
      matching(filters),
      after
        ? sql`(${auditEntries.createdAt}, ${auditEntries.id}) < (${after.at}::timestamptz, ${after.id})`
        : undefined,
    );
    const rows = await db
      .select({ entry: auditEntries, at: sql<string>`${auditEntries.createdAt}::text` })
      .from(auditEntries)
      .where(where)
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => row.entry);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.entry.id };
  }
}
