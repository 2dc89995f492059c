import type { ServerContext } from '../../../server/context';
import { holdAccount } from '../../accounts/server';
import type { Db, Tx } from '../../../server/db/database';
import { AppError, refusalError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import type { ErrorCode } from '../../../shared/error-codes';
import {
  badgesOf,
  claimedExpiryRefusal,
  decisionRefusal,
  expiryDateRefusal,
  noticeDue,
  type Badge,
  type RejectionReason,
  type VerificationKind,
} from '../verifications.rules';
import { canDecide, canOpenDocument, uploadRefusal } from './verifications.policy';
import {
  approvalsOf,
  decideDocument,
  documentWithProvider,
  documentsOfProvider,
  findDocument,
  icoOf,
  insertDocument,
  lockApprovalsDue,
  lockDocument,
  lockUploader,
  markNoticed,
  pendingDocuments,
  supersedeApproved,
  supersedePending,
  type DocumentRow,
} from './verifications.repo';
import type { CheckedDocument } from './uploads';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  provider_only: 'Only providers upload documents for checks.',
  verification_already_decided: 'This document is already decided.',
  expiry_required: 'Enter the expiry date written on the insurance certificate.',
  expiry_invalid: 'Enter a valid date.',
  expiry_past: 'The expiry date is already past.',
  expiry_too_far: 'The expiry date may be at most 10 years ahead.',
  insufficient_permissions: 'Insufficient permissions.',
};

const notFound = () => new AppError('verification_not_found', 'Document not found.');

const DAY_MS = 86_400_000;
const utcDate = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * A provider's new document for a check, stored before its row is written (and removed again when
 * the row is not). It supersedes the provider's pending document of the same kind; an approval
 * in force stays until this one is decided.
 */
export async function uploadDocument(
  ctx: ServerContext,
  actor: Actor,
  input: { kind: VerificationKind; claimed_until?: string | undefined },
  file: CheckedDocument,
  now = new Date(),
) {
  const refusal =
    uploadRefusal(actor) ?? claimedExpiryRefusal(input.kind, input.claimed_until, now);
  if (refusal) throw refusalError(refusal, MESSAGES);
  const key = ctx.storage.newKey();
  await ctx.storage.put(key, file.bytes);
  try {
    return await ctx.db.transaction(async (tx) => {
      // Deleted meanwhile: its owner is signed out.
      if (!(await lockUploader(tx, actor.id))) {
        throw new AppError('not_authenticated', 'You must be logged in.');
      }
      await supersedePending(tx, actor.id, input.kind);
      return insertDocument(tx, {
        providerId: actor.id,
        kind: input.kind,
        storageKey: key,
        filename: file.filename,
        mimeType: file.mime,
        sizeBytes: file.bytes.length,
        claimedUntil: input.claimed_until ?? null,
        createdAt: now,
      });
    });
  } catch (error) {
    await ctx.storage.remove([key]).catch(() => {});
    throw error;
  }
}

/**
 * A document's row for download: its provider's, or any for an administrator, whose every look
 * is audited (`verification.document.view`); to anyone else the same 404 as a missing one.
 */
export async function documentFor(ctx: ServerContext, actor: Actor, id: string) {
  const row = await findDocument(ctx.db, id);
  if (!row || !canOpenDocument(actor, row)) throw notFound();
  if (!(await ctx.storage.exists(row.storageKey))) throw notFound();
  if (actor.id !== row.providerId) {
    await ctx.writeAudit({
      action: 'verification.document.view',
      outcome: 'success',
      actorType: actor.role,
      actorId: actor.id,
      targetType: 'verification_document',
      targetUserId: row.providerId,
      message: `${row.kind} document ${row.id} (${row.status})`,
    });
  }
  return row;
}

/** Refuses anyone but a provider before their file is read. */
export function assertCanUpload(actor: Actor) {
  const refusal = uploadRefusal(actor);
  if (refusal) throw refusalError(refusal, MESSAGES);
}

/** The provider's own documents that still count. */
export async function ownDocuments(ctx: ServerContext, actor: Actor) {
  assertCanUpload(actor);
  return documentsOfProvider(ctx.db, actor.id);
}

/** The IČO the provider entered, shown beside their documents. */
export const ownIco = (ctx: ServerContext, providerId: string) => icoOf(ctx.db, providerId);

/** The console's queue, a page of pending documents, oldest first. */
export async function pendingQueue(ctx: ServerContext, page: number, pageSize: number) {
  return pendingDocuments(ctx.db, pageSize, (page - 1) * pageSize);
}

/** One document as an administrator opens it; every look is audited (`verification.view`). */
export async function openForAdministrator(
  ctx: ServerContext,
  admin: Actor,
  id: string,
  audit = true,
) {
  if (!canDecide(admin)) throw refusalError('insufficient_permissions', MESSAGES);
  const found = await documentWithProvider(ctx.db, id);
  if (!found) throw notFound();
  if (!audit) return found;
  await ctx.writeAudit({
    action: 'verification.view',
    outcome: 'success',
    actorType: admin.role,
    actorId: admin.id,
    targetType: 'verification_document',
    targetUserId: found.document.providerId,
    message: `${found.document.kind} document ${id} (${found.document.status})`,
  });
  return found;
}

export type Decision =
  | { approve: true; expiresOn: string }
  | { approve: false; reason: RejectionReason; note: string | null };

/**
 * An administrator's decision about a pending document, once (the row is locked; a second
 * decision, or one racing it, gets 409 `verification_already_decided`). An approval sets the
 * date the check holds until and retires the provider's older approval of the kind; a
 * rejection keeps the reason the provider reads. Audited, and told (`verification.decided`).
 */
export async function decide(
  ctx: ServerContext,
  admin: Actor,
  id: string,
  decision: Decision,
  now = new Date(),
) {
  if (!canDecide(admin)) throw refusalError('insufficient_permissions', MESSAGES);
  if (decision.approve) {
    const dateRefusal = expiryDateRefusal(decision.expiresOn, now);
    if (dateRefusal) throw refusalError(dateRefusal, MESSAGES);
  }
  const decided = await ctx.db.transaction(async (tx) => {
    // The provider's account first, then the document: the order an account's deletion takes
    // them in, so a decision and a deletion at once wait for each other instead of deadlocking.
    const found = await findDocument(tx, id);
    if (!found || !(await holdAccount(tx, found.providerId))) throw notFound();
    const row = await lockDocument(tx, id);
    if (!row) throw notFound();
    const refusal = decisionRefusal(row);
    if (refusal) throw refusalError(refusal, MESSAGES);
    await decideDocument(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      expiresOn: decision.approve ? decision.expiresOn : null,
      reason: decision.approve ? null : decision.reason,
      note: decision.approve ? null : decision.note,
      decidedBy: admin.id,
      decidedAt: now,
    });
    if (decision.approve) await supersedeApproved(tx, row.providerId, row.kind, id);
    await ctx.events.publish(tx, 'verification.decided', {
      documentId: id,
      providerId: row.providerId,
      kind: row.kind,
      approved: decision.approve,
      expiresOn: decision.approve ? decision.expiresOn : null,
      reason: decision.approve ? null : decision.reason,
      note: decision.approve ? null : decision.note,
    });
    return row;
  });
  await ctx.writeAudit({
    action: decision.approve ? 'verification.approve' : 'verification.reject',
    outcome: 'success',
    actorType: admin.role,
    actorId: admin.id,
    targetType: 'verification_document',
    targetUserId: decided.providerId,
    message: decision.approve
      ? `${decided.kind} document ${id} approved until ${decision.expiresOn}`
      : `${decided.kind} document ${id} rejected`,
  });
  return id;
}

/**
 * The badges of many providers at `now`, one query however many (a page of the directory, the
 * bids on a request). A provider without approvals in force has none.
 */
export async function badgesFor(
  reader: Db | Tx,
  providerIds: string[],
  now = new Date(),
): Promise<Map<string, Badge[]>> {
  const unique = [...new Set(providerIds)];
  const rows = await approvalsOf(reader, unique);
  const byProvider = new Map<string, typeof rows>();
  for (const row of rows) {
    byProvider.set(row.providerId, [...(byProvider.get(row.providerId) ?? []), row]);
  }
  return new Map(
    unique.map((providerId) => [providerId, badgesOf(byProvider.get(providerId) ?? [], now)]),
  );
}

/** Approvals locked per transaction; a sweep takes batches until none is due. */
const BATCH = 200;

/**
 * One sweep of the expiry notices: each approval is told 30 days before it lapses
 * (`verification.expiring`) and when it lapsed (`verification.expired`), each once, marked in
 * the row in the same transaction. Rows are taken `for update skip locked`, so two sweeps at once
 * tell nobody twice. Answers how many notices went.
 */
export async function sendExpiryNotices(ctx: Pick<ServerContext, 'db' | 'events'>, now: Date) {
  const dates = { today: utcDate(now), expiringBy: utcDate(new Date(now.getTime() + 29 * DAY_MS)) };
  let sent = 0;
  for (;;) {
    const { told, taken } = await ctx.db.transaction(async (tx) => {
      const due: DocumentRow[] = await lockApprovalsDue(tx, dates, BATCH);
      let count = 0;
      for (const row of due) {
        const notice = noticeDue(row, now);
        if (!notice || !row.expiresOn) continue;
        await markNoticed(tx, row.id, notice, now);
        const check = {
          documentId: row.id,
          providerId: row.providerId,
          kind: row.kind,
          expiresOn: row.expiresOn,
        };
        if (notice === 'expiring') await ctx.events.publish(tx, 'verification.expiring', check);
        else await ctx.events.publish(tx, 'verification.expired', check);
        count += 1;
      }
      return { told: count, taken: due.length };
    });
    sent += told;
    if (taken < BATCH || told === 0) return sent;
  }
}
