import { z } from 'zod';

/**
 * Every domain event of the product: its name, version and payload. A feature publishes one inside
 * the transaction of its change (`ctx.events.publish(tx, name, payload)`); the handlers registered
 * at the composition root run in that same transaction, so nothing is told of a change that rolled
 * back and nothing is lost of one that committed (docs/architecture.md "Domain events").
 *
 * Payloads carry ids and the small facts of the moment (a title, an amount); a handler reads the
 * rest, such as a person's address and language, in the transaction. A change to a payload's
 * shape is a new version.
 */
const id = z.uuid();
const cents = z.number().int().positive();

/** A bid with its request, as the client and the provider know it. */
const aBid = {
  bidId: id,
  workRequestId: id,
  clientId: id,
  providerId: id,
  title: z.string(),
  amountCents: cents,
};

const declare = <Payload extends z.ZodType>(version: number, payload: Payload) => ({
  version,
  payload,
});

export const EVENTS = {
  /** A client posted a request. */
  'request.posted': declare(1, z.object({ workRequestId: id, clientId: id, title: z.string() })),
  /** The client withdrew an open request; its pending bids were rejected. */
  'request.cancelled': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      rejectedProviderIds: z.array(id),
    }),
  ),
  /** The request is gone for good (its client or an administrator deleted it), bids and all. */
  'request.deleted': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      bidderProviderIds: z.array(id),
    }),
  ),
  /** The client marked the hired job done. */
  'request.completed': declare(
    1,
    z.object({ workRequestId: id, clientId: id, providerId: id, title: z.string() }),
  ),
  /** The hired provider left (their account went), so the request is open to its other bids again. */
  'request.reopened': declare(
    2,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      reason: z.literal('winner_gone'),
      /** The providers whose bids are pending again (2). */
      reopenedProviderIds: z.array(id),
    }),
  ),
  /** A provider bid on a request. */
  'bid.placed': declare(1, z.object(aBid)),
  /** The provider changed their pending bid (2: with the client and the title, for the inbox). */
  'bid.changed': declare(2, z.object(aBid)),
  /** The provider withdrew their pending bid (2: with the client and the title, for the inbox). */
  'bid.withdrawn': declare(
    2,
    z.object({ bidId: id, workRequestId: id, clientId: id, providerId: id, title: z.string() }),
  ),
  /** The client hired this bid's provider; the other pending bids were rejected. */
  'bid.accepted': declare(1, z.object({ ...aBid, rejectedProviderIds: z.array(id) })),
  /** A new address needs confirming: the link's token, and where to go once confirmed. */
  'account.verification_requested': declare(
    1,
    z.object({ userId: id, token: z.string(), returnTo: z.string().optional() }),
  ),
  /** Someone asked for a password reset link for this account. */
  'account.password_reset_requested': declare(1, z.object({ userId: id, token: z.string() })),
  /** The account's password changed (by its owner, or through a reset link). */
  'account.password_changed': declare(1, z.object({ userId: id })),
  /** Two-factor sign-in was turned on or off for this account. */
  'account.two_factor_changed': declare(1, z.object({ userId: id, enabled: z.boolean() })),
  /** A client reviewed the provider they hired. */
  'review.posted': declare(
    1,
    z.object({
      reviewId: id,
      workRequestId: id,
      providerId: id,
      title: z.string(),
      rating: z.number().int().min(1).max(5),
    }),
  ),
  /** A visitor or a member wrote to support through the contact form. */
  'contact.message_received': declare(
    1,
    z.object({
      messageId: id,
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      language: z.string(),
    }),
  ),
  /**
   * A notification was written to its reader's inbox (the notifications feature, from the events
   * above). `push` says whether its reader wants this type on their devices.
   */
  'notification.created': declare(
    1,
    z.object({
      notificationId: z.number().int().positive(),
      userId: id,
      type: z.string(),
      push: z.boolean(),
    }),
  ),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<Name extends EventName> = z.infer<(typeof EVENTS)[Name]['payload']>;

/** One event as its handlers receive it. */
export interface DomainEvent<Name extends EventName = EventName> {
  name: Name;
  version: number;
  payload: EventPayload<Name>;
  occurredAt: Date;
}
