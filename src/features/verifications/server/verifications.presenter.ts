import {
  badgesOf,
  decisionRefusal,
  documentState,
  VERIFICATION_KINDS,
} from '../verifications.rules';
import type { AdminDocumentDetail, MyVerifications, OwnDocument } from '../verifications.schema';
import type { DocumentRow } from './verifications.repo';

const instant = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * The provider's Verification section: of each kind, the latest document that still counts (its
 * state at `now`: pending, approved, rejected with the reason, or expired), and the badges they
 * earn now. An approval in force stays shown while a newer upload of its kind waits.
 */
export function presentOwn(rows: DocumentRow[], ico: string | null, now: Date): MyVerifications {
  const documents: OwnDocument[] = [];
  for (const kind of VERIFICATION_KINDS) {
    for (const row of rows.filter((candidate) => candidate.kind === kind).slice(0, 2)) {
      const state = documentState(row, now);
      if (!state) continue;
      // The newest, and an approval in force behind a newer pending upload.
      if (documents.some((shown) => shown.kind === kind) && state !== 'approved') continue;
      documents.push({
        id: row.id,
        kind,
        state,
        filename: row.filename,
        uploaded_at: row.createdAt.toISOString(),
        claimed_until: row.claimedUntil,
        expires_on: row.expiresOn,
        decided_at: instant(row.decidedAt),
        reason: row.reason,
        note: row.note,
      });
    }
  }
  return { ico, documents, badges: badgesOf(rows, now) };
}

/** A document in the console's queue, with the provider's name and entered IČO. */
export function presentAdminRow(found: {
  document: DocumentRow;
  providerName: string;
  ico: string | null;
}) {
  const { document } = found;
  return {
    id: document.id,
    kind: document.kind,
    provider_id: document.providerId,
    provider_name: found.providerName,
    ico: found.ico,
    filename: document.filename,
    mime_type: document.mimeType,
    size_bytes: document.sizeBytes,
    claimed_until: document.claimedUntil,
    uploaded_at: document.createdAt.toISOString(),
  };
}

/** One document as the console's dialog shows it, with the decisions still open. */
export function presentAdminDetail(found: {
  document: DocumentRow;
  providerName: string;
  ico: string | null;
}): AdminDocumentDetail {
  const { document } = found;
  return {
    ...presentAdminRow(found),
    status: document.status,
    expires_on: document.expiresOn,
    reason: document.reason,
    note: document.note,
    decided_at: instant(document.decidedAt),
    allowed_actions: decisionRefusal(document) === null ? ['approve', 'reject'] : [],
  };
}
