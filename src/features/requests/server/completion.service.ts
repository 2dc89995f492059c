import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import type { DisputeDecision, ReportProblemFields } from '../completion.schema';
import {
  AUTO_COMPLETE_AFTER_MS,
  canOpenRequest,
  canSeeCompletion,
  markDoneRefusal,
  nextRequestStatus,
  reportProblemRefusal,
  resolveRefusal,
  type RequestEvent,
} from '../requests.rules';
import { reopenRejectedBids } from './bids.repo';
import {
  completionFileOf,
  insertCompletionStep,
  latestDoneOf,
  rejectBid,
  stepsOf,
} from './completion.repo';
import { assignRequestRow } from './hires.repo';
import { readRequestRow, setRequestStatus } from './requests.repo';
import { requestNotFound, viewerHasBid } from './requests.service';
import { refuse } from './refusals';
import type { CheckedFile } from './uploads';

type Files = Pick<ServerContext, 'storage'>;

/**
 * Stores a step's files before its transaction (as a new request's are), answering their rows
 * and every stored key, so a failed step can take them away again.
 */
async function storeFiles(ctx: Files, files: CheckedFile[]) {
  const stored: string[] = [];
  const rows = [];
  try {
    for (const [position, file] of files.entries()) {
      const storageKey = ctx.storage.newKey();
      await ctx.storage.put(storageKey, file.bytes);
      stored.push(storageKey);
      let thumbnailKey: string | null = null;
      if (file.thumbnail) {
        thumbnailKey = ctx.storage.newKey();
        await ctx.storage.put(thumbnailKey, file.thumbnail);
        stored.push(thumbnailKey);
      }
      rows.push({
        storageKey,
        thumbnailKey,
        filename: file.filename,
        mimeType: file.mime,
        sizeBytes: file.bytes.length,
        position,
      });
    }
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
  return { rows, stored };
}

/** The request locked for a change of its end, with its facts; 404 when it does not exist. */
async function lockForChange(tx: Tx, id: string) {
  const locked = await readRequestRow(tx, id, 'update');
  if (!locked) throw requestNotFound();
  return {
    ...locked.facts,
    id,
    title: locked.request.title,
    acceptedBidId: locked.request.acceptedBidId,
  };
}

/** Moves a locked request by one event of requests.rules.ts (its rule already checked). */
async function move(
  tx: Tx,
  request: { id: string; status: Parameters<typeof nextRequestStatus>[0] },
  event: RequestEvent,
) {
  const to = nextRequestStatus(request.status, event);
  if (!to) throw refuse('request_not_in_progress');
  await setRequestStatus(tx, request.id, to);
  return to;
}

/** When a job said done at `doneAt` completes by itself. */
export const autoCompletesAt = (doneAt: Date) =>
  new Date(doneAt.getTime() + AUTO_COMPLETE_AFTER_MS);

/**
 * The hired provider says the job is done (ASSIGNED → DONE), with an optional note and photos.
 * The client is told; without their answer the job completes by itself 7 days later.
 */
export async function markDone(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  note: string | undefined,
  files: CheckedFile[],
) {
  const { rows, stored } = await storeFiles(ctx, files);
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const request = await lockForChange(tx, id);
      if (!canOpenRequest(viewer, request, await viewerHasBid(ctx.db, viewer, id))) {
        throw requestNotFound();
      }
      const refusal = markDoneRefusal(viewer, request);
      if (refusal) throw refuse(refusal);
      await move(tx, request, 'mark_done');
      const step = await insertCompletionStep(
        tx,
        { workRequestId: id, kind: 'done', authorId: viewer.id, note: note ?? null },
        rows,
      );
      await ctx.events.publish(tx, 'request.marked_done', {
        workRequestId: id,
        clientId: request.clientId,
        providerId: viewer.id,
        title: request.title,
        autoCompletesAt: autoCompletesAt(step.createdAt).toISOString(),
      });
      return request;
    });
    await ctx.writeAudit({
      action: 'request.mark_done',
      outcome: 'success',
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'work_request',
      targetUserId: moved.clientId,
      message: `request ${id}: ASSIGNED → DONE with ${files.length} file(s)`,
    });
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
}

/** The client reports a problem (ASSIGNED or DONE → DISPUTED) with a reason, text and photos. */
export async function reportProblem(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  fields: ReportProblemFields,
  files: CheckedFile[],
) {
  const { rows, stored } = await storeFiles(ctx, files);
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const request = await lockForChange(tx, id);
      if (!canOpenRequest(viewer, request, await viewerHasBid(ctx.db, viewer, id))) {
        throw requestNotFound();
      }
      const refusal = reportProblemRefusal(viewer, request);
      if (refusal) throw refuse(refusal);
      await move(tx, request, 'report_problem');
      await insertCompletionStep(
        tx,
        {
          workRequestId: id,
          kind: 'problem',
          authorId: viewer.id,
          reason: fields.reason,
          note: fields.text,
        },
        rows,
      );
      await ctx.events.publish(tx, 'request.disputed', {
        workRequestId: id,
        clientId: request.clientId,
        providerId: request.acceptedProviderId!,
        title: request.title,
        reason: fields.reason,
      });
      return request;
    });
    await ctx.writeAudit({
      action: 'request.report_problem',
      outcome: 'success',
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'work_request',
      targetUserId: moved.acceptedProviderId,
      message: `request ${id}: ${moved.status} → DISPUTED (${fields.reason}) with ${files.length} file(s)`,
    });
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
}

/**
 * An administrator decides a disputed job, with a note to both sides: complete it, cancel it (the
 * hire ends; the bid it was given to stays its record), or reopen it for bids (the other bids are
 * pending again, the hired provider's bid is rejected).
 */
export async function resolveDispute(
  ctx: ServerContext,
  admin: Actor,
  id: string,
  decision: DisputeDecision,
) {
  const resolved = await ctx.db.transaction(async (tx) => {
    const request = await lockForChange(tx, id);
    const refusal = resolveRefusal(admin, request);
    if (refusal) throw refuse(refusal);
    const providerId = request.acceptedProviderId!;
    const { clientId, title } = request;
    const to = nextRequestStatus(request.status, `resolve_${decision.outcome}`)!;
    let reopenedProviderIds: string[] = [];
    if (decision.outcome === 'reopen') {
      // Open again, given to nobody: the other bids are pending again, the hired one rejected.
      await assignRequestRow(tx, id, to, null);
      reopenedProviderIds = (await reopenRejectedBids(tx, id)).filter((p) => p !== providerId);
      await rejectBid(tx, request.acceptedBidId!);
    } else {
      await setRequestStatus(tx, id, to);
    }
    await insertCompletionStep(tx, {
      workRequestId: id,
      kind: 'decision',
      authorId: admin.id,
      reason: decision.outcome,
      note: decision.note,
    });
    await ctx.events.publish(tx, 'request.dispute_resolved', {
      workRequestId: id,
      clientId,
      providerId,
      title,
      outcome: decision.outcome,
      note: decision.note,
      reopenedProviderIds,
    });
    if (decision.outcome === 'complete') {
      await ctx.events.publish(tx, 'request.completed', {
        workRequestId: id,
        clientId,
        providerId,
        title,
        by: 'administrator',
      });
    }
    return { clientId, to };
  });
  await ctx.writeAudit({
    action: `case.${decision.outcome}`,
    outcome: 'success',
    actorType: admin.role,
    actorId: admin.id,
    targetType: 'work_request',
    targetUserId: resolved.clientId,
    message: `request ${id}: DISPUTED → ${resolved.to}`,
  });
}

/**
 * How the hired job is ending, for its two sides and administrators (`canSeeCompletion`): its
 * steps with their files, and while DONE when it completes by itself. Someone who may not open
 * the request is answered as if it did not exist; another bidder is refused.
 */
export async function completionFor(ctx: ServerContext, viewer: Actor, id: string) {
  const found = await readRequestRow(ctx.db, id);
  if (!found || !canOpenRequest(viewer, found.facts, await viewerHasBid(ctx.db, viewer, id))) {
    throw requestNotFound();
  }
  if (!canSeeCompletion(viewer, found.facts)) {
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
  const steps = await stepsOf(ctx.db, id);
  const done = found.facts.status === 'DONE' ? await latestDoneOf(ctx.db, id) : undefined;
  return {
    facts: found.facts,
    steps,
    autoCompletesAt: done ? autoCompletesAt(done.createdAt) : null,
  };
}

const fileNotFound = () => new AppError('attachment_not_found', 'Attachment not found.');

/** A file of a step, under exactly the rules of `completionFor` (else 404 as if it did not exist). */
export async function completionFileFor(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  fileId: string,
) {
  const found = await readRequestRow(ctx.db, id);
  if (
    !found ||
    !canOpenRequest(viewer, found.facts, await viewerHasBid(ctx.db, viewer, id)) ||
    !canSeeCompletion(viewer, found.facts)
  ) {
    throw fileNotFound();
  }
  const file = await completionFileOf(ctx.db, id, fileId);
  if (!file || !(await ctx.storage.exists(file.storageKey))) throw fileNotFound();
  return file;
}
