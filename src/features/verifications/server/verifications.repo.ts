import { and, asc, count, desc, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { providerProfiles, users } from '../../accounts/server/tables';
import type { VerificationKind } from '../verifications.rules';
import { verificationDocuments as documents } from './tables';

type NewDocument = typeof documents.$inferInsert;
export type DocumentRow = typeof documents.$inferSelect;

/** Every document a badge or a state is read from: what the rules look at. */
const factColumns = {
  providerId: documents.providerId,
  kind: documents.kind,
  status: documents.status,
  expiresOn: documents.expiresOn,
  decidedAt: documents.decidedAt,
};

export async function insertDocument(tx: Tx, row: NewDocument) {
  const [inserted] = await tx.insert(documents).values(row).returning({ id: documents.id });
  return inserted!.id;
}

/**
 * Holds the provider's account for an upload: two uploads at once take turns (so the second
 * supersedes the first), and the account is not deleted meanwhile. False when it is gone.
 */
export async function lockUploader(tx: Tx, providerId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, providerId))
    .for('no key update');
  return row !== undefined;
}

/** The provider's pending documents of a kind, locked: a new upload supersedes them. */
export async function supersedePending(tx: Tx, providerId: string, kind: VerificationKind) {
  await tx
    .update(documents)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(documents.providerId, providerId),
        eq(documents.kind, kind),
        eq(documents.status, 'pending'),
      ),
    );
}

/** Older approvals of the kind give way to a new one (one approval of a kind at a time). */
export async function supersedeApproved(
  tx: Tx,
  providerId: string,
  kind: VerificationKind,
  keep: string,
) {
  await tx
    .update(documents)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(documents.providerId, providerId),
        eq(documents.kind, kind),
        eq(documents.status, 'approved'),
        ne(documents.id, keep),
      ),
    );
}

export async function findDocument(reader: Db | Tx, id: string) {
  const [row] = await reader.select().from(documents).where(eq(documents.id, id));
  return row;
}

export async function lockDocument(tx: Tx, id: string) {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  return row;
}

export async function decideDocument(
  tx: Tx,
  id: string,
  decision: Pick<
    NewDocument,
    'status' | 'expiresOn' | 'reason' | 'note' | 'decidedBy' | 'decidedAt'
  >,
) {
  await tx.update(documents).set(decision).where(eq(documents.id, id));
}

/** A provider's documents that still count (not superseded), newest first. */
export async function documentsOfProvider(reader: Db | Tx, providerId: string) {
  return reader
    .select()
    .from(documents)
    .where(and(eq(documents.providerId, providerId), ne(documents.status, 'superseded')))
    .orderBy(desc(documents.createdAt));
}

/** The approvals of many providers at once, for their badges (one query, however many). */
export async function approvalsOf(reader: Db | Tx, providerIds: string[]) {
  if (providerIds.length === 0) return [];
  return reader
    .select(factColumns)
    .from(documents)
    .where(and(inArray(documents.providerId, providerIds), eq(documents.status, 'approved')));
}

/** The console's queue: pending documents, oldest first, with the provider's name and IČO. */
export async function pendingDocuments(reader: Db | Tx, limit: number, offset: number) {
  const rows = await reader
    .select({
      document: documents,
      providerName: users.name,
      ico: providerProfiles.ico,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.providerId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, documents.providerId))
    .where(eq(documents.status, 'pending'))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit)
    .offset(offset);
  const [total] = await reader
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.status, 'pending'));
  return { rows, total: total?.n ?? 0 };
}

/** One document with its provider's name and IČO, as an administrator opens it. */
export async function documentWithProvider(reader: Db | Tx, id: string) {
  const [row] = await reader
    .select({ document: documents, providerName: users.name, ico: providerProfiles.ico })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.providerId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, documents.providerId))
    .where(eq(documents.id, id));
  return row;
}

/**
 * Approvals due a notice, locked and skipped when another sweep holds them: those not yet told
 * they lapse soon whose date is at most `expiringBy`, and those not yet told they lapsed whose
 * date is before `today` (both UTC dates). The rules decide which notice each gets.
 */
export async function lockApprovalsDue(
  tx: Tx,
  dates: { today: string; expiringBy: string },
  limit: number,
) {
  return tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.status, 'approved'),
        or(
          and(isNull(documents.expiringNoticeAt), lte(documents.expiresOn, dates.expiringBy)),
          and(isNull(documents.expiredNoticeAt), lt(documents.expiresOn, dates.today)),
        ),
      ),
    )
    .orderBy(asc(documents.expiresOn), asc(documents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markNoticed(tx: Tx, id: string, notice: 'expiring' | 'expired', now: Date) {
  await tx
    .update(documents)
    .set(
      notice === 'expiring'
        ? { expiringNoticeAt: now }
        : { expiringNoticeAt: now, expiredNoticeAt: now },
    )
    .where(
      and(
        eq(documents.id, id),
        notice === 'expiring'
          ? isNull(documents.expiringNoticeAt)
          : isNull(documents.expiredNoticeAt),
      ),
    );
}

/** The storage keys of every document of a provider (their account is going). */
export async function storedKeysOfProvider(reader: Db | Tx, providerId: string) {
  const rows = await reader
    .select({ key: documents.storageKey })
    .from(documents)
    .where(eq(documents.providerId, providerId));
  return rows.map((row) => row.key);
}

/** The IČO the provider entered in their profile. */
export async function icoOf(reader: Db | Tx, providerId: string) {
  const [row] = await reader
    .select({ ico: providerProfiles.ico })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId));
  return row?.ico ?? null;
}
