import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import type { NotificationType } from '../../shared/notification-types';
import { notificationView } from './notifications.schema';

/**
 * The in-app inbox's wire contract (docs/notifications.md): the list, marking as read, and the
 * `data` each type carries. Shared by the server, which writes and checks it, and the screens.
 */

const id = z.uuid();
const title = z.string();
const cents = z.number().int().positive();
const name = z.string();

/**
 * What each type's `data` holds: only what its reader may see. Strict, so that a field nobody
 * declared (a contact detail, say) fails the write instead of reaching a reader. A request's id
 * goes with every kind about a request the reader may still open; a deleted request leaves its
 * title alone.
 */
/** A bid as its request's client is told of it: what and who, never how to reach them. */
const aBidToTheClient = z.strictObject({
  work_request_id: id,
  title,
  bid_id: id,
  amount_cents: cents,
  provider_id: id,
  provider_name: name,
});

export const NOTIFICATION_DATA = {
  bid_received: aBidToTheClient,
  bid_changed: aBidToTheClient,
  bid_withdrawn: z.strictObject({
    work_request_id: id,
    title,
    provider_id: id,
    provider_name: name,
  }),
  hire_released: z.strictObject({ work_request_id: id, title }),
  job_marked_done: z.strictObject({ work_request_id: id, title, provider_name: name }),
  /** `automatic`: it completed by itself, 7 days after the provider's "done". */
  job_completed: z.strictObject({ work_request_id: id, title, automatic: z.boolean() }),
  completion_due: z.strictObject({ work_request_id: id, title }),
  problem_reported: z.strictObject({ work_request_id: id, title }),
  case_decided: z.strictObject({
    work_request_id: id,
    title,
    outcome: z.enum(['complete', 'cancel', 'reopen']),
  }),
  /** A provider's document decided: approved (the check holds until `expires_on`) or rejected. */
  verification_decided: z.strictObject({
    kind: z.enum(['trade_register', 'insurance']),
    approved: z.boolean(),
    expires_on: z.iso.date().nullable(),
  }),
  verification_expiring: z.strictObject({
    kind: z.enum(['trade_register', 'insurance']),
    expires_on: z.iso.date(),
  }),
  verification_expired: z.strictObject({
    kind: z.enum(['trade_register', 'insurance']),
    expires_on: z.iso.date(),
  }),
  review_received: z.strictObject({
    work_request_id: id,
    title,
    rating: z.number().int().min(1).max(5),
    /** Null when the client chose to stay anonymous. */
    author_name: name.nullable(),
  }),
  /** No stars and no text: a client's rating is for providers only (docs/reviews.md). */
  client_reviewed: z.strictObject({ work_request_id: id, title, provider_name: name }),
  /** `work_request_id` null (and `title` empty) once the reviewed request is gone. */
  review_answered: z.strictObject({
    work_request_id: id.nullable(),
    title,
    provider_id: id,
    provider_name: name,
  }),
  bid_accepted: z.strictObject({ work_request_id: id, title, bid_id: id, amount_cents: cents }),
  /** The client asked for a new price of the provider's expired bid. */
  price_requested: z.strictObject({ work_request_id: id, title, bid_id: id }),
  /** After the hire: the provider proposed this price (the agreed one was `previous_cents`). */
  price_proposed: z.strictObject({
    work_request_id: id,
    title,
    bid_id: id,
    amount_cents: cents,
    previous_cents: cents,
    provider_id: id,
    provider_name: name,
  }),
  /** The client accepted (it is now the price) or declined the proposed price. */
  price_accepted: z.strictObject({ work_request_id: id, title, bid_id: id, amount_cents: cents }),
  price_declined: z.strictObject({ work_request_id: id, title, bid_id: id, amount_cents: cents }),
  bid_rejected: z.strictObject({ work_request_id: id, title }),
  request_reopened: z.strictObject({ work_request_id: id, title }),
  request_cancelled: z.strictObject({ work_request_id: id, title }),
  request_deleted: z.strictObject({ title }),
  /** The client's request took no more bids: how many it has to choose from. */
  request_expired: z.strictObject({
    work_request_id: id,
    title,
    bid_count: z.number().int().min(0),
  }),
  /** A request the provider's pending bid is on took no more bids (the client may still hire). */
  bidding_closed: z.strictObject({ work_request_id: id, title }),
  /** A client invited the provider to bid: the request, never who asked (a contact detail). */
  invited_to_bid: z.strictObject({ work_request_id: id, title }),
  /** Its client extended the time for bids: the request takes bids again (and theirs may change). */
  bidding_reopened: z.strictObject({ work_request_id: id, title }),
  /**
   * A new request matched a lead alert (docs/leads.md): what and where, never who or how to reach
   * them. `place_name` in the reader's language; `distance_km` from their alert's place.
   */
  new_lead: z.strictObject({
    work_request_id: id,
    title,
    category: z.enum(CATEGORIES),
    place_name: z.string(),
    distance_km: z.number().min(0).nullable(),
  }),
  /** A message unread for 10 minutes: its text as stored (masked before the hire). */
  message_received: z.strictObject({
    conversation_id: id,
    work_request_id: id.nullable(),
    title,
    /** Null for a client before the hire (their name is a contact detail until then). */
    sender_name: name.nullable(),
    excerpt: z.string(),
  }),
  new_device_sign_in: z.strictObject({
    /** Names only ("Firefox", "Windows"), null when not recognised. */
    browser: z.string().nullable(),
    os: z.string().nullable(),
  }),
  password_changed: z.strictObject({}),
  two_factor_changed: z.strictObject({ enabled: z.boolean() }),
} as const satisfies Record<NotificationType, z.ZodType>;

export type NotificationData<Type extends NotificationType> = z.infer<
  (typeof NOTIFICATION_DATA)[Type]
>;

export const inboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const inboxResponse = z.object({
  /** Newest first. */
  notifications: z.array(notificationView),
  /** Of all the reader's notifications, not only this page's. */
  unread_count: z.number().int().min(0),
  pagination: z.object({
    page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});
export type InboxPage = z.infer<typeof inboxResponse>;

/** Marks some (`ids`, the reader's own; others are ignored) or all as read. */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const unreadCountResponse = z.object({ unread_count: z.number().int().min(0) });
