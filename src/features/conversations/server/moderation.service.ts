import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { LIMITS } from '../../../shared/limits';
import type { ReportReason } from '../conversations.schema';
import { block, messagesBefore, unblock } from './conversations.repo';
import { threadOf } from './conversations.service';
import { closeReport, findReport, insertReport, listReports } from './reports.repo';
import { filesOf } from './thread-reads.service';

/** How many of a thread's last messages a report keeps. */
export const REPORTED_MESSAGES = 20;

const otherOf = (viewer: Actor, thread: { clientId: string; providerId: string }) =>
  viewer.id === thread.clientId ? thread.providerId : thread.clientId;

/**
 * The viewer blocks the other person of a thread (no message either way, in any thread of the
 * two), or lifts their own block.
 */
export async function setBlock(ctx: ServerContext, viewer: Actor, id: string, blocked: boolean) {
  await ctx.db.transaction(async (tx) => {
    const row = await threadOf(tx, viewer, id, 'update');
    const other = otherOf(viewer, row.thread);
    await (blocked ? block : unblock)(tx, viewer.id, other);
    await ctx.events.publish(tx, 'conversation.blocked', {
      conversationId: id,
      blockerId: viewer.id,
      blockedId: other,
      blocked,
    });
  });
  await ctx.writeAudit({
    action: blocked ? 'conversation.block' : 'conversation.unblock',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'conversation',
    message: `conversation ${id}`,
  });
}

/**
 * The viewer reports a thread: the reason, and a copy of its last messages. The copy is what
 * administrators read; they never browse a thread nobody reported.
 */
export async function reportThread(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  input: { reason: ReportReason; note?: string | undefined },
) {
  const reportId = await ctx.db.transaction(async (tx) => {
    const row = await threadOf(tx, viewer, id);
    const last = (await messagesBefore(tx, id, undefined, REPORTED_MESSAGES)).reverse();
    const files = await filesOf(tx, last);
    return insertReport(tx, {
      conversationId: id,
      reporterId: viewer.id,
      reportedId: otherOf(viewer, row.thread),
      reason: input.reason,
      note: input.note?.trim() ? input.note.trim() : null,
      requestTitle: row.thread.requestTitle,
      messages: last.map((message) => ({
        id: message.id,
        senderRole: message.senderId === row.thread.clientId ? 'client' : 'provider',
        text: message.body,
        createdAt: message.createdAt.toISOString(),
        attachments: files(message).map((file) => ({
          id: file.id,
          filename: file.filename,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
        })),
      })),
    });
  });
  await ctx.writeAudit({
    action: 'conversation.report',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'conversation',
    message: `conversation ${id}: report ${reportId} (${input.reason})`,
  });
  return reportId;
}

const reportNotFound = () => new AppError('report_not_found', 'Report not found.');

/** Reports for the console, newest first. */
export async function reportsFor(ctx: ServerContext, status: 'open' | 'closed', page: number) {
  const size = LIMITS.adminPageSize;
  const found = await listReports(ctx.db, status, page, size);
  return { ...found, page, totalPages: Math.max(1, Math.ceil(found.total / size)) };
}

/** An administrator opens a report and reads the messages it holds: audited, every time. */
export async function openReport(ctx: ServerContext, admin: Actor, id: string) {
  const row = await findReport(ctx.db, id);
  if (!row) throw reportNotFound();
  await ctx.writeAudit({
    action: 'conversation.report_view',
    outcome: 'success',
    actorType: 'administrator',
    actorId: admin.id,
    targetType: 'conversation',
    targetUserId: row.report.reportedId,
    message: `report ${id} of conversation ${row.report.conversationId ?? 'gone'}`,
  });
  return row;
}

export async function closeReportAs(ctx: ServerContext, admin: Actor, id: string) {
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await findReport(tx, id))) throw reportNotFound();
    await closeReport(tx, id, admin.id);
    return (await findReport(tx, id))!;
  });
  await ctx.writeAudit({
    action: 'conversation.report_close',
    outcome: 'success',
    actorType: 'administrator',
    actorId: admin.id,
    targetType: 'conversation',
    targetUserId: row.report.reportedId,
    message: `report ${id}`,
  });
  return row;
}
