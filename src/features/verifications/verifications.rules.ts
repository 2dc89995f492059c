/**
 * The rules of checked business and insurance (docs/verifications.md), pure: what earns a badge,
 * when it lapses, when the provider is told, and which dates and decisions are refused. The
 * current time is always a parameter; screens never decide any of it (the server sends it).
 */

export const VERIFICATION_KINDS = ['trade_register', 'insurance'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/**
 * Why a document is not approved: one of these, which the provider reads in their own language,
 * with the administrator's note as written beside it (required for `other`).
 */
export const REJECTION_REASONS = [
  'unreadable',
  'not_matching',
  'expired',
  'wrong_document',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** `superseded`: a newer upload (pending) or a newer approval of the same kind took its place. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** What the provider sees of a document: its status, or `expired` once an approval lapsed. */
export type DocumentState = 'pending' | 'approved' | 'rejected' | 'expired';

/** The provider is told this many days before a check lapses, and again when it lapses. */
export const EXPIRY_NOTICE_DAYS = 30;
/** No expiry date further than this many years ahead (the provider's or an administrator's). */
export const MAX_VALIDITY_YEARS = 10;

/** The files a document may be, decided by their bytes (PDF or an image). */
export const DOCUMENT_TYPES = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
} as const;
export type DocumentMime = keyof typeof DOCUMENT_TYPES;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A Slovak or Czech company identification number (IČO): 8 digits, the last a modulo-11 check
 * digit of the first seven weighted 8 down to 2 (r = sum mod 11; check = (11 - r) mod 10, so
 * r = 0 gives 1 and r = 1 gives 0). Spaces people type between groups are not part of it.
 */
export function isValidIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(value[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(value[7]);
}

/** A calendar date (YYYY-MM-DD) that exists. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A check holds through its expiry date and lapses when that day ends (UTC; the date is the one
 * on the certificate, a day's difference of time zones is not a claim of it).
 */
export function lapsesAt(expiresOn: string): Date {
  return new Date(new Date(`${expiresOn}T00:00:00Z`).getTime() + DAY_MS);
}

/**
 * Why an expiry date is refused, or null: a date that does not exist, one already past (a check
 * that lapsed before it began), or one further than ten years ahead (a typing slip).
 */
export function expiryDateRefusal(
  expiresOn: string,
  now: Date,
): 'expiry_invalid' | 'expiry_past' | 'expiry_too_far' | null {
  if (!isCalendarDate(expiresOn)) return 'expiry_invalid';
  if (lapsesAt(expiresOn) <= now) return 'expiry_past';
  const furthest = new Date(now);
  furthest.setUTCFullYear(furthest.getUTCFullYear() + MAX_VALIDITY_YEARS);
  if (new Date(`${expiresOn}T00:00:00Z`) > furthest) return 'expiry_too_far';
  return null;
}

/** An insurance certificate needs the expiry date written on it; a register extract has none. */
export function claimedExpiryRefusal(
  kind: VerificationKind,
  claimedUntil: string | undefined,
  now: Date,
): 'expiry_required' | 'expiry_invalid' | 'expiry_past' | 'expiry_too_far' | null {
  if (claimedUntil === undefined) return kind === 'insurance' ? 'expiry_required' : null;
  return expiryDateRefusal(claimedUntil, now);
}

/** The facts of a document the rules look at. */
export interface DocumentFacts {
  kind: VerificationKind;
  status: VerificationStatus;
  /** Set by the administrator at approval. */
  expiresOn: string | null;
  decidedAt: Date | null;
}

/** Only a pending document is decided, once. */
export function decisionRefusal(document: Pick<DocumentFacts, 'status'>) {
  return document.status === 'pending' ? null : ('verification_already_decided' as const);
}

/** An approval in force at `now`: approved and its expiry date not yet over. */
export function isInForce(document: DocumentFacts, now: Date): boolean {
  return (
    document.status === 'approved' &&
    document.expiresOn !== null &&
    now < lapsesAt(document.expiresOn)
  );
}

export function documentState(document: DocumentFacts, now: Date): DocumentState | null {
  if (document.status === 'superseded') return null;
  if (document.status === 'approved') return isInForce(document, now) ? 'approved' : 'expired';
  return document.status;
}

export type Badge =
  | { kind: 'business_checked'; checked_on: string; until: string }
  | { kind: 'insured'; until: string };

/**
 * The badges a provider's documents earn at `now`: "Business checked on <date>" for an approved
 * trade-register extract, "Insured until <date>" for an approved insurance certificate, each
 * while its expiry date is not over. A lapsed approval earns nothing: the badge goes by itself.
 */
export function badgesOf(documents: DocumentFacts[], now: Date): Badge[] {
  const badges: Badge[] = [];
  for (const kind of VERIFICATION_KINDS) {
    const current = documents
      .filter((document) => document.kind === kind && isInForce(document, now))
      .sort((a, b) => (b.expiresOn ?? '').localeCompare(a.expiresOn ?? ''))[0];
    if (!current?.expiresOn || !current.decidedAt) continue;
    badges.push(
      kind === 'trade_register'
        ? {
            kind: 'business_checked',
            checked_on: current.decidedAt.toISOString().slice(0, 10),
            until: current.expiresOn,
          }
        : { kind: 'insured', until: current.expiresOn },
    );
  }
  return badges;
}

/** What the expiry job has already told of an approval. */
export interface NoticeFacts {
  status: VerificationStatus;
  expiresOn: string | null;
  expiringNoticeAt: Date | null;
  expiredNoticeAt: Date | null;
}

/**
 * Which notice an approval is due at `now`, each once: `expiring` from 30 days before it lapses,
 * `expired` once it lapsed. An approval already lapsed when first seen is told as expired only.
 */
export function noticeDue(document: NoticeFacts, now: Date): 'expiring' | 'expired' | null {
  if (document.status !== 'approved' || document.expiresOn === null) return null;
  const lapse = lapsesAt(document.expiresOn);
  if (now >= lapse) return document.expiredNoticeAt ? null : 'expired';
  if (now.getTime() >= lapse.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS) {
    return document.expiringNoticeAt ? null : 'expiring';
  }
  return null;
}

/** The earliest moment an approval expiring on this date is due its first notice. */
export function expiringNoticeFrom(expiresOn: string): Date {
  return new Date(lapsesAt(expiresOn).getTime() - EXPIRY_NOTICE_DAYS * DAY_MS);
}

/** The badges of approvals as a query's JSON column carries them (`approvalsOfProvider`). */
export function badgesFromApprovals(
  approvals: readonly { kind: VerificationKind; expires_on: string; decided_at: string }[] | null,
  now: Date,
): Badge[] {
  return badgesOf(
    (approvals ?? []).map((approval) => ({
      kind: approval.kind,
      status: 'approved' as const,
      expiresOn: approval.expires_on,
      decidedAt: new Date(approval.decided_at),
    })),
    now,
  );
}
