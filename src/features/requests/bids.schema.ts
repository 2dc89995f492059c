import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../shared/format';
import { LIMITS } from '../../shared/limits';
import { BID_STATUSES } from '../../shared/statuses';
import { BID_ACTIONS } from './bids.rules';

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

export const createBidBody = z.object({
  work_request_id: z.uuid({ message: 'request_not_found' }),
  amount: bidAmount,
  description: bidDescription,
  /** Accepted only when it names the signed-in provider (spec core §3 "Bid create payload"). */
  provider_id: z.uuid().optional(),
});

export const bidView = z.object({
  id: z.uuid(),
  work_request_id: z.uuid(),
  provider_id: z.uuid(),
  amount: z.number(),
  description: z.string(),
  status: z.enum(BID_STATUSES),
  created_at: z.string(),
  provider: z.object({ id: z.uuid(), name: z.string() }),
  work_request: z.object({ id: z.uuid(), title: z.string() }),
  /** What this viewer may do next with the bid (bids.rules.ts). */
  allowed_actions: z.array(z.enum(BID_ACTIONS)),
});
export type BidView = z.infer<typeof bidView>;

export const bidResponse = z.object({ bid: bidView });
export const bidsResponse = z.object({ bids: z.array(bidView) });
