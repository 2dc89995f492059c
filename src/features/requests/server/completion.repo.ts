import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { completionFiles, completionSteps, type CompletionStepKind } from './completion-tables';
import { bids, workRequests } from './tables';

type NewFile = Omit<typeof completionFiles.$inferInsert, 'stepId'>;

/** A step of a job's end with its files, in the order they were attached. */
export async function insertCompletionStep(
  tx: Tx,
  step: {
    workRequestId: string;
    kind: CompletionStepKind;
    authorId: string | null;
    reason?: string | null;
    note?: string | null;
    createdAt?: Date;
  },
  files: NewFile[] = [],
) {
  const [row] = await tx
    .insert(completionSteps)
    .values(step)
    .returning({ id: completionSteps.id, createdAt: completionSteps.createdAt });
  if (files.length > 0) {
    await tx.insert(completionFiles).values(files.map((file) => ({ ...file, stepId: row!.id })));
  }
  return row!;
}

/** Every step of a request's end, oldest first, with its files and its author's role. */
export async function stepsOf(reader: Db | Tx, workRequestId: string) {
  const steps = await reader
    .select({
      id: completionSteps.id,
      kind: completionSteps.kind,
      authorId: completionSteps.authorId,
      reason: completionSteps.reason,
      note: completionSteps.note,
      createdAt: completionSteps.createdAt,
    })
    .from(completionSteps)
    .where(eq(completionSteps.workRequestId, workRequestId))
    .orderBy(asc(completionSteps.createdAt), asc(completionSteps.id));
  const files =
    steps.length === 0
      ? []
      : await reader
          .select()
          .from(completionFiles)
          .where(
            inArray(
              completionFiles.stepId,
              steps.map((step) => step.id),
            ),
          )
          .orderBy(asc(completionFiles.position), asc(completionFiles.id));
  return steps.map((step) => ({ ...step, files: files.filter((f) => f.stepId === step.id) }));
}

export type CompletionStepRow = Awaited<ReturnType<typeof stepsOf>>[number];

/** A file of a step of this request, if it is one. */
export async function completionFileOf(db: Db, workRequestId: string, fileId: string) {
  const [row] = await db
    .select({
      id: completionFiles.id,
      filename: completionFiles.filename,
      mimeType: completionFiles.mimeType,
      sizeBytes: completionFiles.sizeBytes,
      storageKey: completionFiles.storageKey,
      thumbnailKey: completionFiles.thumbnailKey,
    })
    .from(completionFiles)
    .innerJoin(completionSteps, eq(completionSteps.id, completionFiles.stepId))
    .where(and(eq(completionFiles.id, fileId), eq(completionSteps.workRequestId, workRequestId)));
  return row;
}

/** The latest "done" of a request: when DONE began (the clock of its auto-completion). */
export async function latestDoneOf(reader: Db | Tx, workRequestId: string) {
  const [row] = await reader
    .select({ id: completionSteps.id, createdAt: completionSteps.createdAt })
    .from(completionSteps)
    .where(and(eq(completionSteps.workRequestId, workRequestId), eq(completionSteps.kind, 'done')))
    .orderBy(sql`${completionSteps.createdAt} desc`)
    .limit(1);
  return row;
}

/**
 * DONE requests whose "done" was said at or before `saidBefore`, oldest first: those to warn
 * (`unwarned`: not yet told) or to complete.
 */
export async function doneSaidBefore(db: Db, saidBefore: Date, unwarned: boolean, limit: number) {
  return db
    .select({ workRequestId: completionSteps.workRequestId, stepId: completionSteps.id })
    .from(completionSteps)
    .innerJoin(workRequests, eq(workRequests.id, completionSteps.workRequestId))
    .where(
      and(
        eq(workRequests.status, 'DONE'),
        eq(completionSteps.kind, 'done'),
        lte(completionSteps.createdAt, saidBefore),
        unwarned ? isNull(completionSteps.warnedAt) : undefined,
        // The latest "done" of the request only: an older one belongs to an earlier hire.
        sql`not exists (select 1 from ${completionSteps} later where later.work_request_id = ${completionSteps.workRequestId} and later.created_at > ${completionSteps.createdAt})`,
      ),
    )
    .orderBy(asc(completionSteps.createdAt))
    .limit(limit);
}

/** Marks a "done" as warned about; answers whether this call did (once, under races). */
export async function markWarned(tx: Tx, stepId: string, at: Date) {
  const rows = await tx
    .update(completionSteps)
    .set({ warnedAt: at })
    .where(and(eq(completionSteps.id, stepId), isNull(completionSteps.warnedAt)))
    .returning({ id: completionSteps.id });
  return rows.length === 1;
}

/** The storage keys of every completion file of a request (for its deletion). */
export async function completionKeysOfRequest(reader: Db | Tx, workRequestId: string) {
  const rows = await reader
    .select({ key: completionFiles.storageKey, thumbnailKey: completionFiles.thumbnailKey })
    .from(completionFiles)
    .innerJoin(completionSteps, eq(completionSteps.id, completionFiles.stepId))
    .where(eq(completionSteps.workRequestId, workRequestId));
  return rows.flatMap((row) => (row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key]));
}

/** The storage keys of every completion file of the client's requests (their account going). */
export async function completionKeysOfClient(db: Db, clientId: string) {
  const rows = await db
    .select({ key: completionFiles.storageKey, thumbnailKey: completionFiles.thumbnailKey })
    .from(completionFiles)
    .innerJoin(completionSteps, eq(completionSteps.id, completionFiles.stepId))
    .innerJoin(workRequests, eq(workRequests.id, completionSteps.workRequestId))
    .where(eq(workRequests.clientId, clientId));
  return rows.flatMap((row) => (row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key]));
}

/** Disputed requests, the longest waiting first (when the problem was reported). */
export async function disputedRequests(db: Db, limit: number, offset: number) {
  const reportedAt = sql<Date>`(select max(${completionSteps.createdAt}) from ${completionSteps} where ${completionSteps.workRequestId} = ${workRequests.id} and ${completionSteps.kind} = 'problem')`;
  const rows = await db
    .select({
      id: workRequests.id,
      title: workRequests.title,
      clientId: workRequests.clientId,
      reportedAt: sql<string>`${reportedAt}`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(workRequests)
    .where(eq(workRequests.status, 'DISPUTED'))
    .orderBy(sql`${reportedAt} asc nulls first`, asc(workRequests.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The hired bid of a request reopened by an administrator: the provider is not hired any more. */
export async function rejectBid(tx: Tx, bidId: string) {
  await tx.update(bids).set({ status: 'REJECTED' }).where(eq(bids.id, bidId));
}
