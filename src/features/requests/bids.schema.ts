import { z } from 'zod';
import { badgesView } from '../verifications/verifications.schema';
import { hasAtMostTwoDecimals } from '../../shared/format';
import { LIMITS } from '../../shared/limits';
import { BID_STATUSES, WORK_REQUEST_STATUSES } from '../../shared/statuses';
import {
  BID_ACTIONS,
  BID_LINE_KINDS,
  MAX_BID_LINES,
  MAX_LINE_QUANTITY,
  MAX_LINE_UNIT_PRICE_CENTS,
  bidPrice,
  isValidUntilInPast,
} from './bids.rules';

/** Largest bid: one million euros (the database refuses more, too). */
export const MAX_BID_EUROS = 1_000_000;

/** Euros with at most two decimals, at least one cent (spec core §5 "Bid price"). */
export const bidAmount = z
  .number({ message: 'amount_invalid' })
  // The smallest price is one cent: a smaller positive number would be stored as 0 cents.
  .min(0.01, { message: 'amount_invalid' })
  .max(MAX_BID_EUROS, { message: 'amount_too_high' })
  .refine(hasAtMostTwoDecimals, {
    message: 'amount_decimals',
  });

export const bidDescription = z
  .string({ message: 'required' })
  .trim()
  .min(LIMITS.bidDescription.min, { message: 'bid_description_length' })
  .max(LIMITS.bidDescription.max, { message: 'bid_description_length' });

/** Bounds of a line's texts (characters). */
export const BID_LINE_LIMITS = { label: { min: 1, max: 120 }, unit: { max: 20 } } as const;

/** One priced line (docs/bids.md "Priced lines"): money in integer cents. */
export const bidLine = z.strictObject({
  label: z
    .string({ message: 'line_label_length' })
    .trim()
    .min(BID_LINE_LIMITS.label.min, { message: 'line_label_length' })
    .max(BID_LINE_LIMITS.label.max, { message: 'line_label_length' }),
  kind: z.enum(BID_LINE_KINDS, { message: 'choice_invalid' }),
  quantity: z
    .number({ message: 'line_quantity_invalid' })
    .positive({ message: 'line_quantity_invalid' })
    .max(MAX_LINE_QUANTITY, { message: 'line_quantity_invalid' })
    .refine(hasAtMostTwoDecimals, { message: 'line_quantity_invalid' }),
  unit: z
    .string({ message: 'line_unit_length' })
    .trim()
    .max(BID_LINE_LIMITS.unit.max, { message: 'line_unit_length' })
    .default(''),
  unit_price_cents: z
    .number({ message: 'line_unit_price_invalid' })
    .int({ message: 'line_unit_price_invalid' })
    .min(0, { message: 'line_unit_price_invalid' })
    .max(MAX_LINE_UNIT_PRICE_CENTS, { message: 'line_unit_price_invalid' }),
});

export const bidLines = z
  .array(bidLine, { message: 'choice_invalid' })
  .max(MAX_BID_LINES, { message: 'bid_lines_limit' })
  .default([]);

/** An optional day (`YYYY-MM-DD`); an empty string is "not given", null clears it. */
const optionalDay = (message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.iso.date({ message }).nullable().optional(),
  );

/**
 * What a provider sends of a bid's price, on placing and on revising it: `amount` in euros as
 * the spec has it, or priced `lines` whose total the server computes (and `amount`, if sent too,
 * must equal); optional `valid_until` (not in the past) and `earliest_start`.
 */
const pricedFields = {
  amount: bidAmount.optional(),
  description: bidDescription,
  lines: bidLines,
  valid_until: optionalDay('deadline_invalid'),
  earliest_start: optionalDay('deadline_invalid'),
};

type PricedInput = {
  amount?: number | undefined;
  lines: { quantity: number; unit_price_cents: number }[];
  valid_until?: string | null | undefined;
};

/** The price's own checks, after every field passed: the total, and a validity not in the past. */
function checkPrice(input: PricedInput, context: z.RefinementCtx) {
  const price = bidPrice(
    input.lines,
    input.amount === undefined ? undefined : Math.round(input.amount * 100),
  );
  if ('refusal' in price) {
    context.addIssue({
      code: 'custom',
      path: [input.lines.length > 0 ? 'lines' : 'amount'],
      message: price.refusal,
    });
  }
  if (input.valid_until && isValidUntilInPast(input.valid_until, new Date())) {
    context.addIssue({ code: 'custom', path: ['valid_until'], message: 'valid_until_past' });
  }
}

export const createBidBody = z
  .object({
    work_request_id: z.uuid({ message: 'request_not_found' }),
    ...pricedFields,
    /** Accepted only when it names the signed-in provider (spec core §3 "Bid create payload"). */
    provider_id: z.uuid().optional(),
  })
  .superRefine(checkPrice);

/** A revision of a pending bid: the whole price again (what is left out is cleared). */
export const reviseBidBody = z.object(pricedFields).superRefine(checkPrice);
export type PricedBidInput = z.infer<typeof reviseBidBody>;

/** Accepting: the revision the client was shown (optional; a revision since is refused). */
export const acceptBidBody = z
  .object({ revision: z.number().int().min(1).max(1_000_000).optional() })
  .nullish();

/** After the hire: the provider proposes a new price, with lines or an amount, and why. */
export const proposePriceBody = z
  .object({
    amount: bidAmount.optional(),
    lines: bidLines,
    note: z
      .string({ message: 'reason_length' })
      .trim()
      .min(3, { message: 'reason_length' })
      .max(500, { message: 'reason_length' }),
  })
  .superRefine(checkPrice);

export const answerProposalBody = z.object({
  answer: z.enum(['accept', 'decline'], { message: 'choice_invalid' }),
});

/** A priced line as answered: its total computed by the server. */
export const lineView = z.object({
  label: z.string(),
  kind: z.enum(BID_LINE_KINDS),
  quantity: z.number(),
  unit: z.string(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
});

export const proposalView = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  lines: z.array(lineView),
  note: z.string(),
  created_at: z.string(),
});

export const bidView = z.object({
  id: z.uuid(),
  work_request_id: z.uuid(),
  provider_id: z.uuid(),
  amount: z.number(),
  /** The same price in integer cents: the sum of `lines` when it has any. */
  amount_cents: z.number().int(),
  description: z.string(),
  lines: z.array(lineView),
  valid_until: z.string().nullable(),
  earliest_start: z.string().nullable(),
  /** Past `valid_until`: cannot be accepted; the client may ask for a new price. */
  expired: z.boolean(),
  /** 1 as placed; each revision adds one. More than 1: "revised", with its history. */
  revision: z.number().int(),
  revised_at: z.string().nullable(),
  /** When the client asked for a new price (since the last revision), if they did. */
  price_requested_at: z.string().nullable(),
  /** A price change after the hire waiting for the client's answer. */
  pending_proposal: proposalView.nullable(),
  status: z.enum(BID_STATUSES),
  created_at: z.string(),
  /** The provider, with the badges their checks earn now (verifications). */
  provider: z.object({ id: z.uuid(), name: z.string(), badges: badgesView }),
  /**
   * Its request: `bids_until`, and `bids_closed` once that has passed or the request EXPIRED
   * (the bid's price then stands: it may only be withdrawn), by the server's clock.
   */
  work_request: z.object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(WORK_REQUEST_STATUSES),
    bids_until: z.string(),
    bids_closed: z.boolean(),
  }),
  /** What this viewer may do next with the bid (bids.rules.ts). */
  allowed_actions: z.array(z.enum(BID_ACTIONS)),
  /** The request's client invited this provider to bid (docs/invitations.md); told to that client only. */
  invited: z.boolean(),
});
export type BidView = z.infer<typeof bidView>;
export type BidLineView = z.infer<typeof lineView>;

export const bidResponse = z.object({ bid: bidView });
export const bidsResponse = z.object({ bids: z.array(bidView) });

/** One kept version of a bid, oldest first; the last is the current one. */
export const revisionView = z.object({
  revision: z.number().int(),
  amount_cents: z.number().int(),
  description: z.string(),
  lines: z.array(lineView),
  valid_until: z.string().nullable(),
  earliest_start: z.string().nullable(),
  /** `revision`: the provider revised it; `price_agreed`: the client accepted a proposal. */
  reason: z.enum(['placed', 'revision', 'price_agreed']),
  created_at: z.string(),
});
export const revisionsResponse = z.object({ revisions: z.array(revisionView) });
