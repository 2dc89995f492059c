import { aliasedTable, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { users } from '../../accounts/server/tables';
import { conversationReports, type ReportedMessageCopy } from './tables';

const reporter = aliasedTable(users, 'reporter');
const reported = aliasedTable(users, 'reported');

const person = (table: typeof reporter) => ({
  id: table.id,
  name: table.name,
  role: table.role,
  accountStatus: table.accountStatus,
});

function selectReports(db: Db | Tx) {
  return db
    .select({
      report: conversationReports,
      reporter: person(reporter),
      reported: person(reported),
    })
    .from(conversationReports)
    .leftJoin(reporter, eq(reporter.id, conversationReports.reporterId))
    .leftJoin(reported, eq(reported.id, conversationReports.reportedId));
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['where']>>[number];

export async function insertReport(tx: Tx, values: typeof conversationReports.$inferInsert) {
  const [row] = await tx
    .insert(conversationReports)
    .values(values)
    .returning({ id: conversationReports.id });
  return row!.id;
}

const statusIs = (status: 'open' | 'closed') =>
  status === 'open'
    ? isNull(conversationReports.closedAt)
    : isNotNull(conversationReports.closedAt);

export async function listReports(db: Db, status: 'open' | 'closed', page: number, size: number) {
  const rows = await selectReports(db)
    .where(statusIs(status))
    .orderBy(desc(conversationReports.createdAt), desc(conversationReports.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(conversationReports)
    .where(statusIs(status));
  return { rows, total: count?.total ?? 0 };
}

export async function findReport(db: Db | Tx, id: string) {
  const [row] = await selectReports(db).where(eq(conversationReports.id, id));
  return row;
}

export async function closeReport(tx: Tx, id: string, closedBy: string) {
  await tx
    .update(conversationReports)
    .set({ closedAt: sql`coalesce(${conversationReports.closedAt}, now())`, closedBy })
    .where(eq(conversationReports.id, id));
}

/** A thread with a report: administrators may open its files. */
export async function isReported(db: Db, conversationId: string) {
  const [row] = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(eq(conversationReports.conversationId, conversationId))
    .limit(1);
  return row !== undefined;
}

export type { ReportedMessageCopy };
