import { z } from 'zod';
import { DOCUMENT_TYPES, REJECTION_REASONS, VERIFICATION_KINDS } from './verifications.rules';

/**
 * The wire shapes of checked business and insurance (docs/verifications.md), shared by the server
 * and the screens: the provider's own documents, the console's queue and decisions, and the
 * badges every response that shows a provider carries.
 */

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/** For the file picker: a hint to the browser; the server decides by the bytes. */
export const DOCUMENT_ACCEPT = Object.entries(DOCUMENT_TYPES)
  .flatMap(([mime, extensions]) => [mime, ...extensions.map((extension) => `.${extension}`)])
  .join(',');

/** The administrator's note beside a rejection's reason, shown to the provider as written. */
export const REJECTION_NOTE = { min: 3, max: 500 } as const;

/** A badge a provider's checks earn now, computed by the server (verifications.rules.ts). */
export const badgeView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('business_checked'), checked_on: day, until: day }),
  z.object({ kind: z.literal('insured'), until: day }),
]);
export const badgesView = z.array(badgeView);
export type BadgeView = z.infer<typeof badgeView>;

/** The multipart upload's text fields (the file is the form's `file`). */
export const uploadFields = z.object({
  kind: z.enum(VERIFICATION_KINDS, { message: 'choice_invalid' }),
  /** The expiry date on the certificate: required for insurance. */
  claimed_until: z
    .string()
    .trim()
    .max(10, { message: 'deadline_invalid' })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

export const documentIdParams = z.object({ id: z.uuid() });

/** A document as its provider sees it: its state, dates, and a rejection's reason. */
export const ownDocument = z.object({
  id: z.uuid(),
  kind: z.enum(VERIFICATION_KINDS),
  state: z.enum(['pending', 'approved', 'rejected', 'expired']),
  filename: z.string(),
  uploaded_at: instant,
  claimed_until: day.nullable(),
  expires_on: day.nullable(),
  decided_at: instant.nullable(),
  reason: z.enum(REJECTION_REASONS).nullable(),
  note: z.string().nullable(),
});
export type OwnDocument = z.infer<typeof ownDocument>;

/** GET /api/verifications/mine: the latest document of each kind, and the badges they earn. */
export const myVerificationsResponse = z.object({
  ico: z.string().nullable(),
  documents: z.array(ownDocument),
  badges: badgesView,
});
export type MyVerifications = z.infer<typeof myVerificationsResponse>;

export const adminVerificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A pending document in the console's queue, with what the provider entered beside it. */
export const adminDocumentRow = z.object({
  id: z.uuid(),
  kind: z.enum(VERIFICATION_KINDS),
  provider_id: z.uuid(),
  provider_name: z.string(),
  ico: z.string().nullable(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  claimed_until: day.nullable(),
  uploaded_at: instant,
});

export const adminVerificationsResponse = z.object({
  documents: z.array(adminDocumentRow),
  pagination: z.object({ page: z.number(), total_pages: z.number(), total: z.number() }),
});
export type AdminVerifications = z.infer<typeof adminVerificationsResponse>;

/** One document as an administrator opens it: its state and, when decided, the decision. */
export const adminDocumentDetail = adminDocumentRow.extend({
  status: z.enum(['pending', 'approved', 'rejected', 'superseded']),
  expires_on: day.nullable(),
  reason: z.enum(REJECTION_REASONS).nullable(),
  note: z.string().nullable(),
  decided_at: instant.nullable(),
  allowed_actions: z.array(z.enum(['approve', 'reject'])),
});
export type AdminDocumentDetail = z.infer<typeof adminDocumentDetail>;

export const approveBody = z.object({
  expires_on: z.string({ message: 'deadline_invalid' }).max(10, { message: 'deadline_invalid' }),
});
export const rejectBody = z
  .object({
    reason: z.enum(REJECTION_REASONS, { message: 'choice_invalid' }),
    note: z
      .string({ message: 'reason_length' })
      .trim()
      .max(REJECTION_NOTE.max, { message: 'reason_length' })
      .refine((value) => !value.includes('\u0000'), { message: 'reason_length' })
      .optional(),
  })
  // "Other" says nothing by itself: its note is the reason.
  .refine(
    ({ reason, note }) =>
      note === undefined || note === '' ? reason !== 'other' : note.length >= REJECTION_NOTE.min,
    { message: 'reason_length', path: ['note'] },
  );
