import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';

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

/** A provider's document for a check of their business or insurance (docs/verifications.md). */
const aDocument = { documentId: id, providerId: id, kind: z.enum(['trade_register', 'insurance']) };
/** An approved check, and the day it holds until; a rejection says why (verifications.rules.ts). */
const aCheck = z.object({ ...aDocument, expiresOn: z.iso.date() });

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
  /**
   * The hired job completed. Version 2: `by` says how: the client closed or confirmed it, it
   * completed by itself 7 days after the provider's "done" (`auto`), or an administrator decided a
   * dispute so (`administrator`).
   */
  'request.completed': declare(
    2,
    z.object({
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
      by: z.enum(['client', 'auto', 'administrator']),
    }),
  ),
  /** The hired provider said the job is done; it completes by itself at `autoCompletesAt`. */
  'request.marked_done': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
      autoCompletesAt: z.iso.datetime(),
    }),
  ),
  /** A DONE job nobody answered completes by itself within a day: both sides are told once. */
  'request.completion_due': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
      autoCompletesAt: z.iso.datetime(),
    }),
  ),
  /** The client reported a problem with the hired job: it waits for an administrator. */
  'request.disputed': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
      reason: z.string(),
    }),
  ),
  /**
   * An administrator decided a dispute, with a note to both sides: completed, cancelled, or
   * reopened for bids (then `reopenedProviderIds` bid again).
   */
  'request.dispute_resolved': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
      outcome: z.enum(['complete', 'cancel', 'reopen']),
      note: z.string(),
      reopenedProviderIds: z.array(id),
    }),
  ),
  /**
   * The request's time for bids ran out with no bid accepted (the expiry job): its client and the
   * providers whose bids are still pending are told; the client may still hire one of them.
   */
  'request.expired': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      bidCount: z.number().int().min(0),
      pendingProviderIds: z.array(id),
    }),
  ),
  /**
   * The client extended the time for bids, once; an expired request is open again (`reopened`).
   * Version 2: the providers whose bids are pending (told when it reopened).
   */
  'request.extended': declare(
    2,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      bidsUntil: z.iso.datetime(),
      reopened: z.boolean(),
      pendingProviderIds: z.array(id),
    }),
  ),
  /**
   * The hired provider left (their account went), so the request is open to its bids again.
   * Version 2: the providers whose rejected bids are pending again.
   */
  'request.reopened': declare(
    2,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      reason: z.literal('winner_gone'),
      reopenedProviderIds: z.array(id),
    }),
  ),
  /**
   * The client (while it was open) or an administrator deleted a request with its bids; the
   * providers who had bid on it, in any state.
   */
  'request.deleted': declare(
    1,
    z.object({
      workRequestId: id,
      clientId: id,
      title: z.string(),
      bidderIds: z.array(id),
    }),
  ),
  /** A client invited a provider to bid on an open request; no client name or contact in it. */
  'request.invited': declare(
    1,
    z.object({ workRequestId: id, clientId: id, providerId: id, title: z.string() }),
  ),
  /** A provider bid on a request. */
  'bid.placed': declare(1, z.object(aBid)),
  /**
   * The provider revised their pending bid. Version 2: the revision's number, and whether the
   * client had already seen the bid (only then are they told: docs/bids.md "Revisions").
   */
  'bid.changed': declare(
    2,
    z.object({
      bidId: id,
      workRequestId: id,
      providerId: id,
      amountCents: cents,
      revision: z.number().int().min(2),
      seenByClient: z.boolean(),
    }),
  ),
  /** The client asked the provider of an expired bid for a new price. */
  'bid.price_requested': declare(
    1,
    z.object({
      bidId: id,
      workRequestId: id,
      clientId: id,
      providerId: id,
      title: z.string(),
    }),
  ),
  /** After the hire, the provider proposed a new price; the client is to accept or decline it. */
  'bid.price_proposed': declare(1, z.object({ ...aBid, proposalId: id, previousCents: cents })),
  /** The client accepted (the price changed) or declined the provider's proposed price. */
  'bid.price_answered': declare(1, z.object({ ...aBid, proposalId: id, accepted: z.boolean() })),
  /** The provider withdrew their pending bid. */
  'bid.withdrawn': declare(1, z.object({ bidId: id, workRequestId: id, providerId: id })),
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
  /**
   * A sign-in opened a session. `newDevice`: the account signed in before, but never from this
   * device as far as it knows (accounts/server/sign-in-device.ts; docs/notifications.md "Kinds").
   * `browser` and `os` are names only ("Firefox", "Windows"), null when not recognised.
   */
  'account.signed_in': declare(
    1,
    z.object({
      userId: id,
      newDevice: z.boolean(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
    }),
  ),
  /**
   * The person switched all mail about bids on or off at once (`PUT /api/users/notifications`,
   * `bid_emails`); the notifications feature keeps its choices per type in step.
   */
  'account.bid_emails_changed': declare(1, z.object({ userId: id, bidEmails: z.boolean() })),
  /** Two-factor sign-in was turned on (the first code confirmed) or off. */
  'account.two_factor_changed': declare(1, z.object({ userId: id, enabled: z.boolean() })),
  /** A client reviewed the provider they hired for a request. */
  'review.posted': declare(
    1,
    z.object({
      reviewId: id,
      providerId: id,
      clientId: id,
      workRequestId: id,
      rating: z.number().int().min(1).max(5),
      anonymous: z.boolean(),
    }),
  ),
  /**
   * The hired provider reviewed the client of a completed job (docs/reviews.md). No stars: the
   * client is told that they were reviewed, never how (a client's rating is for providers only).
   */
  'client_review.posted': declare(
    1,
    z.object({
      clientReviewId: id,
      clientId: id,
      providerId: id,
      workRequestId: id,
      title: z.string(),
    }),
  ),
  /**
   * The reviewed provider answered a review, publicly. `clientId` (the review's author) and
   * `workRequestId` are null once that account or request is gone: nobody is told then.
   */
  'review.answered': declare(
    1,
    z.object({
      reviewId: id,
      providerId: id,
      clientId: id.nullable(),
      workRequestId: id.nullable(),
    }),
  ),
  /** Someone wrote in a thread (docs/conversations.md); the other person is `recipientId`. */
  'message.sent': declare(
    1,
    z.object({ messageId: id, conversationId: id, senderId: id, recipientId: id }),
  ),
  /** Someone read a thread up to its newest message: the other person's "seen". */
  'conversation.read': declare(1, z.object({ conversationId: id, readerId: id, otherId: id })),
  /** Someone blocked the other person of a thread, or lifted their block. */
  'conversation.blocked': declare(
    1,
    z.object({ conversationId: id, blockerId: id, blockedId: id, blocked: z.boolean() }),
  ),
  /**
   * A message was not read within 10 minutes: its reader hears of it by push, or else by mail.
   * `text` is the message as stored (masked before the hire); `senderName` is null for a client
   * before the hire (their name is a contact detail until then).
   */
  'message.unread': declare(
    1,
    z.object({
      messageId: id,
      conversationId: id,
      recipientId: id,
      workRequestId: id.nullable(),
      title: z.string(),
      senderName: z.string().nullable(),
      text: z.string(),
    }),
  ),
  /**
   * A request just posted matched lead alerts (docs/leads.md): each provider once, with the
   * frequency of their alert that matched and the distance from its place. Never the client's
   * contact: the request's title, category and place only.
   */
  'lead.matched': declare(
    1,
    z.object({
      workRequestId: id,
      title: z.string(),
      category: z.enum(CATEGORIES),
      placeId: z.number().int().positive(),
      providers: z.array(
        z.object({
          providerId: id,
          frequency: z.enum(['instant', 'daily']),
          distanceKm: z.number().min(0),
        }),
      ),
    }),
  ),
  /** 7:00 Europe/Bratislava: a provider's daily leads of the past day, to go out as one mail. */
  'lead.digest_due': declare(
    1,
    z.object({
      userId: id,
      leads: z
        .array(
          z.object({
            workRequestId: id,
            title: z.string(),
            category: z.enum(CATEGORIES),
            placeId: z.number().int().positive().nullable(),
          }),
        )
        .min(1),
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
  /** An administrator approved a document until `expiresOn`, or rejected it with a reason. */
  'verification.decided': declare(
    1,
    z.object({
      ...aDocument,
      approved: z.boolean(),
      expiresOn: z.iso.date().nullable(),
      reason: z
        .enum(['unreadable', 'not_matching', 'expired', 'wrong_document', 'other'])
        .nullable(),
      note: z.string().nullable(),
    }),
  ),
  /** An approved check lapses in 30 days (the expiry job, once per approval). */
  'verification.expiring': declare(1, aCheck),
  /** An approved check lapsed: its badge is gone (the expiry job, once per approval). */
  'verification.expired': declare(1, aCheck),
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
