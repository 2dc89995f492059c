import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/features/accounts/server/sessions';
import { buildApp, type App } from '../../src/server/app';
import {
  attachments,
  bids,
  completionFiles,
  completionSteps,
  providerProfiles,
  reviews,
  workRequests,
} from '../../src/server/db/schema';
import { smtpMailer } from '../../src/server/mail/mailer';
import { diskStorage, type FileStorage } from '../../src/server/storage/storage';
import type { WorkRequestStatus } from '../../src/shared/statuses';
import {
  createAccount,
  createWorkRequest,
  TEST_PASSWORD,
  TEST_PASSWORD_COST,
  type AccountFields,
} from '../factories';
import { PNG } from '../factories/files';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { Agent } from '../support/agent';
import { startFakeGemini, type FakeGemini } from '../support/fake-gemini';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startOpenIdProvider, type OpenIdProvider } from '../support/openid-provider';
import {
  CONVERSATION_CALLS,
  reportOf,
  threadOfWorld,
  type ThreadOfWorld,
} from './authorization-matrix-conversations';

/**
 * docs/security.md "Authorization matrix": who may call which API route, as ONE table
 * (`EXPECTED`, keyed by `METHOD /path/:pattern`), checked against the routes the app actually
 * registered (`app.apiRoutes`). A route added without a row fails the suite naming it; a row
 * whose route is gone fails too.
 *
 * Each cell is an authorization outcome, not a full answer:
 * - 401: refused as not signed in (401 `not_authenticated`),
 * - 403: refused as the wrong person (any 403 code: `insufficient_permissions`, `client_only`,
 *   `provider_only`, `email_not_verified`, …),
 * - 404: the thing is hidden from this person (any 404 code),
 * - 'ok': let through: any other answer below 500 — a success, or a refusal about the thing's
 *   state rather than the person (409 `request_not_open`, 400 `invalid_token`, 401
 *   `invalid_credentials` for a wrong password, …). Never 400 `validation_failed`: each route is
 *   called with a valid body, so "ok" means the handler really ran for this person.
 * No cell may answer 5xx.
 *
 * HEAD routes (Fastify adds one for each GET) have no row of their own: each is checked against
 * its GET's row, by status.
 *
 * Request-scoped routes have one row per request state: the actors' relation to the request is
 * fixed per state — OPEN: `bidder` has a PENDING bid; ASSIGNED, DONE, DISPUTED and COMPLETED
 * (the hired states): `winner`'s bid was ACCEPTED, `loser`'s REJECTED; DONE and DISPUTED also
 * have the winner's "done" with a photo (and DISPUTED the owner's problem); CANCELLED: `bidder`'s
 * bid was REJECTED by the cancellation; EXPIRED (its `bids_until` passed): `bidder`'s bid is still
 * PENDING. In
 * the other states these providers have no bid on that request (like `provider`). Each request
 * has one thread, between its client and `bidder` (OPEN, CANCELLED, EXPIRED) or `winner` (ASSIGNED,
 * COMPLETED): authorization-matrix-conversations.ts makes them.
 *
 * Fixtures are made once per file straight in the database (factories; cheap scrypt). Every cell
 * runs from its own address (no rate limit is shared between cells). Cells that change state run
 * against a fresh world: `fresh: 'request'` makes a new request (with its bids) per cell,
 * `fresh: 'actor'` a new account of the actor's kind (for routes that act on the caller's own
 * account: log out, disable, delete, change password…), `fresh: 'target'` a new account for the
 * administrator routes that change another account.
 */

const ACTORS = [
  'visitor',
  'unverified',
  'owner',
  'otherClient',
  'provider',
  'bidder',
  'winner',
  'loser',
  'disabled',
  'admin',
] as const;
type ActorKind = (typeof ACTORS)[number];
const STATES = [
  'OPEN',
  'ASSIGNED',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'DONE',
  'DISPUTED',
] as const satisfies WorkRequestStatus[];
type State = (typeof STATES)[number];

type Outcome = 'ok' | 401 | 403 | 404;
type Row = Record<ActorKind, Outcome>;

/** A row from a default outcome and its exceptions. */
const row = (base: Outcome, exceptions: Partial<Row> = {}): Row =>
  ({ ...Object.fromEntries(ACTORS.map((actor) => [actor, base])), ...exceptions }) as Row;

/** Anyone, signed in or not (a disabled account's session is no session: a visitor). */
const ANYONE = row('ok');
/** Any signed-in person; a visitor and a disabled account are asked to sign in. */
const SIGNED_IN = row('ok', { visitor: 401, disabled: 401 });
const PROVIDER_PAGE = row('ok', { provider: 403, bidder: 403, loser: 403 });
const ADMIN_ONLY = row(403, { visitor: 401, disabled: 401, admin: 'ok' });
const PROVIDERS = { provider: 'ok', bidder: 'ok', winner: 'ok', loser: 'ok' } as const;

/**
 * Who may see a request's details and files: anyone signed in while it is OPEN; once it is not,
 * only its client, the providers who bid on it (any bid status) and administrators; the rest
 * are told it does not exist.
 */
/** A hired request: its client, both its bidders (the winner and the loser), administrators. */
const HIRED_REQUEST_DETAILS = row(404, {
  visitor: 401,
  disabled: 401,
  owner: 'ok',
  winner: 'ok',
  loser: 'ok',
  admin: 'ok',
});

const REQUEST_DETAILS: Record<State, Row> = {
  OPEN: SIGNED_IN,
  ASSIGNED: HIRED_REQUEST_DETAILS,
  DONE: HIRED_REQUEST_DETAILS,
  DISPUTED: HIRED_REQUEST_DETAILS,
  COMPLETED: HIRED_REQUEST_DETAILS,
  CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
  EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
};

type Expected = Row | Record<State, Row>;

const byState = (rows: Partial<Record<State, Row>> & { default: Row }): Record<State, Row> =>
  Object.fromEntries(STATES.map((state) => [state, rows[state] ?? rows.default])) as Record<
    State,
    Row
  >;

/**
 * A thread's two people: the request's client and the provider of its world's thread (`bidder`
 * while OPEN or CANCELLED, `winner` once hired). Anyone else, administrators too, is told it does
 * not exist. Writing in a thread of a CANCELLED request is a state refusal (409
 * conversation_read_only).
 */
const HIRED_THREAD = row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' });
const THREAD = byState({
  default: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok' }),
  ASSIGNED: HIRED_THREAD,
  DONE: HIRED_THREAD,
  DISPUTED: HIRED_THREAD,
  COMPLETED: HIRED_THREAD,
});

/**
 * The end of a hired job (docs/requests.md "Completion"). Those who may not open the request are
 * told it does not exist (REQUEST_DETAILS); of those who may, `who` is let through (in a state the
 * step does not apply to: 409, a state refusal) and the others refused (403).
 */
/** Nobody hired (CANCELLED, EXPIRED): the client may ask (a state refusal), the bidder is refused. */
const UNHIRED_STEP = (who: 'owner' | 'winner') =>
  row(404, {
    visitor: 401,
    disabled: 401,
    owner: who === 'owner' ? 'ok' : 403,
    bidder: 403,
    admin: 403,
  });
const COMPLETION_STEP = (who: 'owner' | 'winner') =>
  byState({
    OPEN: row(403, { visitor: 401, disabled: 401, ...(who === 'owner' ? { owner: 'ok' } : {}) }),
    CANCELLED: UNHIRED_STEP(who),
    EXPIRED: UNHIRED_STEP(who),
    default: row(404, {
      visitor: 401,
      disabled: 401,
      owner: 403,
      winner: 403,
      loser: 403,
      admin: 403,
      [who]: 'ok',
    }),
  });

/** THE table: every API route × every actor (× every request state where the route is about one). */
const EXPECTED: Record<string, Expected> = {
  // System
  'GET /api/health': ANYONE,
  'GET /api/ready': ANYONE,
  'GET /api/version': ANYONE,
  'GET /api/config': ANYONE,
  'POST /api/csp-report': ANYONE,
  'GET /api/challenge': ANYONE,
  // Accounts
  'POST /api/auth/register/client': ANYONE,
  'POST /api/auth/register/provider': ANYONE,
  'GET /api/auth/verify-email': ANYONE,
  'POST /api/auth/resend-verification': ANYONE,
  'POST /api/auth/login': ANYONE,
  'GET /api/auth/session': SIGNED_IN,
  'POST /api/auth/logout': ANYONE,
  // Only a browser holding the re-enable cookie a disabled account's sign-in sets; none here.
  'POST /api/users/enable': row(403),
  'GET /api/auth/google': ANYONE,
  'GET /api/auth/google/callback': ANYONE,
  'POST /api/auth/google/complete-registration': ANYONE,
  'POST /api/password-reset/request-reset': ANYONE,
  'GET /api/password-reset/verify-token/:token': ANYONE,
  'POST /api/password-reset/reset-password': ANYONE,
  // The code owed after a password or Google; without the challenge cookie, a state refusal.
  'POST /api/auth/second-factor': ANYONE,
  'GET /api/users/two-factor': SIGNED_IN,
  // One's own signed-in devices; a session id that is not one's own is not found.
  'GET /api/users/sessions': SIGNED_IN,
  'DELETE /api/users/sessions/:id': row(404, { visitor: 401, disabled: 401 }),
  'POST /api/users/sessions/sign-out-others': SIGNED_IN,
  'POST /api/users/two-factor/enrolment': SIGNED_IN,
  'POST /api/users/two-factor/enrolment/confirm': SIGNED_IN,
  'POST /api/users/two-factor/recovery-codes': SIGNED_IN,
  'POST /api/users/two-factor/disable': SIGNED_IN,
  'GET /api/users/profile': SIGNED_IN,
  // Clients and providers have a profile form; administrators do not.
  'PUT /api/users/profile': row('ok', { visitor: 401, disabled: 401, admin: 403 }),
  'PUT /api/users/password': SIGNED_IN,
  'PUT /api/users/language': SIGNED_IN,
  'PUT /api/users/notifications': SIGNED_IN,
  'PATCH /api/users/disable': SIGNED_IN,
  'DELETE /api/users/account': SIGNED_IN,
  'POST /api/contact': ANYONE,
  // Push: the server's key for anyone; one's own devices (another's device id is not found).
  'GET /api/push/key': ANYONE,
  'POST /api/push/subscriptions': SIGNED_IN,
  'DELETE /api/push/subscriptions': SIGNED_IN,
  'GET /api/push/subscriptions': SIGNED_IN,
  'DELETE /api/push/subscriptions/:id': row(404, { visitor: 401, disabled: 401 }),
  // Notifications: one's own inbox and channel choices.
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'GET /api/users/notification-preferences': SIGNED_IN,
  'PUT /api/users/notification-preferences': SIGNED_IN,
  // Lead alerts: one's own, providers only (anyone else signed in: 403 provider_only).
  'GET /api/users/lead-alerts': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  'PUT /api/users/lead-alerts': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  // The mail's unsubscribe link needs no session: the signed token is the proof (here a bad one,
  // a state refusal: 400 invalid_token).
  'GET /api/notifications/unsubscribe': ANYONE,
  'POST /api/notifications/unsubscribe': ANYONE,
  // Requests
  'GET /api/work-requests': ANYONE,
  'GET /api/work-requests/locations': ANYONE,
  'GET /api/stats/home': ANYONE,
  'GET /api/places': ANYONE,
  // The public directory of providers: everyone, as the page is public (no contact in it).
  'GET /api/providers': ANYONE,
  'GET /api/work-requests/my': SIGNED_IN,
  // A client with a verified email; anyone else 403 (client_only, email_not_verified).
  'POST /api/work-requests': row(403, { owner: 'ok', otherClient: 'ok' }),
  'GET /api/work-requests/:id': REQUEST_DETAILS,
  // The client (once it is not OPEN: 409 request_not_open, a state refusal) and administrators.
  'DELETE /api/work-requests/:id': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok', admin: 'ok' }),
  }),
  'GET /api/work-requests/:id/attachments/:attachmentId/download': REQUEST_DETAILS,
  // A card's photo preview: exactly the download's rules.
  'GET /api/work-requests/:id/attachments/:attachmentId/thumbnail': REQUEST_DETAILS,
  // The client alone (in a state the change does not apply to: 409, a state refusal).
  'PATCH /api/work-requests/:id/complete': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  'PATCH /api/work-requests/:id/cancel': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  // The client's one extension of the time for bids: the client alone, administrators included
  // (in a state it does not apply to: 409, a state refusal).
  'PATCH /api/work-requests/:id/extend': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  // The hired provider says done; the client reports a problem (COMPLETION_STEP).
  'POST /api/work-requests/:id/done': COMPLETION_STEP('winner'),
  'POST /api/work-requests/:id/problem': COMPLETION_STEP('owner'),
  // What both sides said: the client, the hired provider and administrators; another person who
  // may open the request (a rejected bidder) is refused, anyone else told it does not exist.
  'GET /api/work-requests/:id/completion': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, owner: 'ok', admin: 'ok' }),
    CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 403, admin: 'ok' }),
    EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 403, admin: 'ok' }),
    default: row(404, {
      visitor: 401,
      disabled: 401,
      owner: 'ok',
      winner: 'ok',
      loser: 403,
      admin: 'ok',
    }),
  }),
  // A photo of a "done" (DONE and DISPUTED hold one): the same people; elsewhere there is none.
  'GET /api/work-requests/:id/completion-files/:fileId': byState({
    default: row(404, { visitor: 401, disabled: 401 }),
    DONE: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    DISPUTED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
  }),
  // Bids
  'POST /api/bids': byState({
    default: row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  }),
  // The owner and administrators see all bids, a provider their own; other clients none. Once the
  // request is not OPEN, whoever may not open it is told it does not exist (REQUEST_DETAILS).
  'GET /api/bids/work-request/:id': {
    ...REQUEST_DETAILS,
    OPEN: row('ok', { visitor: 401, disabled: 401, unverified: 403, otherClient: 403 }),
  },
  // A provider's bids (here the winner's): the provider and administrators.
  'GET /api/bids/provider/:id': row(403, {
    visitor: 401,
    disabled: 401,
    winner: 'ok',
    admin: 'ok',
  }),
  // The request's client (on a request no longer open: 409 request_not_open).
  'PATCH /api/bids/:id/accept': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  // The bid's own provider only (on a bid no longer pending: 409 bid_not_pending).
  'PUT /api/bids/:id': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    default: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
  }),
  'DELETE /api/bids/:id': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    default: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
  }),
  // A bid's history: whoever sees the bid (its request's client, administrators, its provider);
  // anyone else is told it does not exist.
  'GET /api/bids/:id/revisions': {
    OPEN: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
    ASSIGNED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    DONE: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    DISPUTED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    COMPLETED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
    EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
  },
  // The request's client asks for a new price (of a bid not expired, or not pending: 409).
  'POST /api/bids/:id/price-request': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  // The bid's provider proposes a new price (before or after the hire: 409 request_not_assigned).
  'POST /api/bids/:id/price-proposal': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    default: row(403, { visitor: 401, disabled: 401, bidder: 'ok' }),
  }),
  // The request's client answers it (none waiting: 409 price_proposal_not_found).
  'PATCH /api/bids/:id/price-proposal': byState({
    default: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  // Providers, reviews, trust summary
  // A provider's page (here the winner's): anyone but other providers.
  'GET /api/providers/:id': PROVIDER_PAGE,
  'GET /api/users/profile-picture/provider/:id': ANYONE,
  'GET /api/providers/:id/reviews': PROVIDER_PAGE,
  // The client who hired the provider (the winner) on this request; before a hire, nobody.
  'POST /api/providers/:id/reviews': byState({
    default: row(403, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  'POST /api/providers/:id/trust-summary': { ...PROVIDER_PAGE, visitor: 401, disabled: 401 },
  // A client's rating: providers and administrators who may open the request (REQUEST_DETAILS);
  // clients, its own client too, are refused (docs/reviews.md).
  'GET /api/work-requests/:id/client-rating': {
    ...REQUEST_DETAILS,
    OPEN: row(403, { visitor: 401, disabled: 401, ...PROVIDERS, admin: 'ok' }),
    ASSIGNED: { ...REQUEST_DETAILS.ASSIGNED, owner: 403 },
    DONE: { ...REQUEST_DETAILS.DONE, owner: 403 },
    DISPUTED: { ...REQUEST_DETAILS.DISPUTED, owner: 403 },
    COMPLETED: { ...REQUEST_DETAILS.COMPLETED, owner: 403 },
    CANCELLED: { ...REQUEST_DETAILS.CANCELLED, owner: 403 },
    EXPIRED: { ...REQUEST_DETAILS.EXPIRED, owner: 403 },
  },
  // The hired provider (the winner), once hired; before completion a state refusal (409).
  'POST /api/work-requests/:id/client-review': byState({
    default: row(403, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  }),
  // The reviewed provider (here the winner) answers a review of themselves; once answered, a
  // second answer is a state refusal (409 answer_exists), as is an edit before any answer.
  'POST /api/reviews/:id/answer': row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  'PUT /api/reviews/:id/answer': row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  // Administration
  'GET /api/work-requests/admin/all': ADMIN_ONLY,
  'GET /api/work-requests/admin/:id': byState({ default: ADMIN_ONLY }),
  'GET /api/admin/bids': ADMIN_ONLY,
  'GET /api/admin/users': ADMIN_ONLY,
  'GET /api/admin/users/:role/:id': ADMIN_ONLY,
  'PUT /api/admin/users/:role/:id': ADMIN_ONLY,
  'PATCH /api/admin/users/:role/:id/status': ADMIN_ONLY,
  'DELETE /api/admin/users/:role/:id': ADMIN_ONLY,
  'POST /api/admin/users/:role/:id/unlock': ADMIN_ONLY,
  'GET /api/admin/audits': ADMIN_ONLY,
  'GET /api/admin/audits/export': ADMIN_ONLY,
  'GET /api/admin/alerts': ADMIN_ONLY,
  'GET /api/admin/metrics': ADMIN_ONLY,
  // Conversations (docs/conversations.md): one's own threads.
  'GET /api/conversations': SIGNED_IN,
  // A provider asks about an OPEN request, or one they were hired on; its client writes to a
  // provider who bid while it is OPEN, or to the one they hired. Once it is not OPEN, a bidder not
  // hired (the loser, the cancelled request's bidder) and the client of a CANCELLED request get
  // 409 request_not_open, a state refusal. Anyone else: 403 conversation_not_allowed where they
  // may open the request (administrators always), else 404 as for the request (REQUEST_DETAILS).
  'POST /api/conversations': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, owner: 'ok', ...PROVIDERS }),
    CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 403 }),
    EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 403 }),
    default: row(404, {
      visitor: 401,
      disabled: 401,
      owner: 'ok',
      winner: 'ok',
      loser: 'ok',
      admin: 403,
    }),
  }),
  'GET /api/conversations/:id/messages': THREAD,
  'POST /api/conversations/:id/messages': THREAD,
  'POST /api/conversations/:id/read': THREAD,
  'POST /api/conversations/:id/report': THREAD,
  'POST /api/conversations/:id/block': THREAD,
  'DELETE /api/conversations/:id/block': THREAD,
  // A photo sent after the hire: its thread's two people, and administrators while the thread has
  // a report (ASSIGNED's has, COMPLETED's not). OPEN and CANCELLED threads hold no file: a hired
  // thread's photo asked for through them is not found, by anybody.
  'GET /api/conversations/:id/attachments/:attachmentId': byState({
    default: row(404, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    COMPLETED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
    DONE: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
    DISPUTED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
  }),
  // Reported threads, as the console reads them (the ASSIGNED world's report).
  'GET /api/admin/reports': ADMIN_ONLY,
  'GET /api/admin/reports/:id': ADMIN_ONLY,
  'PATCH /api/admin/reports/:id/close': ADMIN_ONLY,
  // Disputed jobs, as the console reads and decides them (any state: a decided case is read, and
  // a decision about a request not disputed is a state refusal, 409 request_not_disputed).
  'GET /api/admin/cases': ADMIN_ONLY,
  'GET /api/admin/cases/:id': byState({ default: ADMIN_ONLY }),
  'POST /api/admin/cases/:id/decision': byState({ default: ADMIN_ONLY }),
  // Notifications: one's own live stream (read up to its first event, tests/support/inject-head.ts).
  'GET /api/live': SIGNED_IN,
};

// ─── How each route is called ───────────────────────────────────────────────────────────────

interface World {
  requestId: string;
  attachmentId: string;
  /** The request's first bid: OPEN/CANCELLED the bidder's, ASSIGNED/COMPLETED the winner's. */
  bidId: string;
  /** The request's thread between its client and `bidder` (OPEN, CANCELLED) or `winner`. */
  conversation: ThreadOfWorld;
  /** The photo of the winner's "done" (DONE, DISPUTED); elsewhere an id of no file. */
  completionFileId: string;
}

interface Cell {
  actor: ActorKind;
  state: State | undefined;
  world: World | undefined;
  /** The account the cell acts as (undefined for a visitor). */
  me: Person | undefined;
  /** For administrator routes about another account: a fresh provider. */
  target: Person;
  agent: Agent;
}

interface Call {
  url?: (cell: Cell) => string;
  body?: (cell: Cell) => object | Promise<object>;
  form?: (cell: Cell) => FormData;
  /** What must be fresh for each cell. */
  fresh?: 'request' | 'actor' | 'target';
}

interface Person {
  id: string;
  email: string;
  name: string;
  token: string | null;
}

const NEW_PASSWORD = 'Novy-Kluc-2026-heslo';
let emailCounter = 0;
const newEmail = () => `matrix-${process.pid}-${++emailCounter}@example.test`;
const withChallenge = async (cell: Cell, fields: object) => ({
  ...fields,
  ...(await cell.agent.solveChallenge()),
});
const request = (cell: Cell) => cell.world!.requestId;
/** A browser's push keys: its P-256 public key and a 16-byte secret. */
function browserPushKeys() {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  return {
    p256dh: browser.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
const bidBody = { amount: 120, description: 'Vymením tesnenie do hodiny.' };
/** A multipart form of text fields only. */
function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
/** An id of no file (the states whose requests hold no completion photo). */
const NO_FILE = '00000000-0000-4000-8000-000000000000';

const CALLS: Record<string, Call> = {
  'POST /api/csp-report': {
    body: () => ({ 'csp-report': { 'document-uri': `${PUBLIC_URL}/`, 'blocked-uri': 'inline' } }),
  },
  'POST /api/auth/register/client': {
    fresh: 'actor',
    body: (cell) =>
      withChallenge(cell, { name: 'Nová Klientka', email: newEmail(), password: TEST_PASSWORD }),
  },
  'POST /api/auth/register/provider': {
    fresh: 'actor',
    body: (cell) =>
      withChallenge(cell, {
        name: 'Nový Majster',
        email: newEmail(),
        password: TEST_PASSWORD,
        phone_number: '+421 900 555 666',
      }),
  },
  'GET /api/auth/verify-email': {
    url: () => '/api/auth/verify-email?token=abc&email=nobody%40example.test',
  },
  'POST /api/auth/resend-verification': { body: () => ({ email: 'nobody@example.test' }) },
  'POST /api/auth/login': {
    // Signing in replaces the browser's session: each cell signs in from a throwaway one.
    fresh: 'actor',
    body: () => ({ email: people.otherClient.email, password: TEST_PASSWORD }),
  },
  'POST /api/auth/logout': { fresh: 'actor' },
  'GET /api/auth/google/callback': { url: () => '/api/auth/google/callback?code=abc&state=def' },
  'POST /api/auth/google/complete-registration': {
    fresh: 'actor',
    body: () => ({ token: 'abc', role: 'client' }),
  },
  'POST /api/password-reset/request-reset': { body: () => ({ email: 'nobody@example.test' }) },
  'GET /api/password-reset/verify-token/:token': {
    url: () => '/api/password-reset/verify-token/abc',
  },
  'POST /api/password-reset/reset-password': {
    body: () => ({ token: 'abc', new_password: NEW_PASSWORD }),
  },
  'PUT /api/users/profile': {
    form: (cell) => {
      const form = new FormData();
      form.set('name', 'Zmenené Meno');
      if (['provider', 'bidder', 'winner', 'loser'].includes(cell.actor)) {
        form.set('contact_email', 'kontakt@example.test');
        form.set('service_category', 'plumbing');
      }
      return form;
    },
  },
  'PUT /api/users/password': {
    fresh: 'actor',
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
  },
  'POST /api/auth/second-factor': { body: () => ({ code: '123456' }) },
  'DELETE /api/users/sessions/:id': {
    url: () => '/api/users/sessions/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/users/sessions/sign-out-others': { fresh: 'actor' },
  'POST /api/users/two-factor/enrolment': {
    fresh: 'actor',
    body: () => ({ password: TEST_PASSWORD }),
  },
  'POST /api/users/two-factor/enrolment/confirm': { body: () => ({ code: '123456' }) },
  'POST /api/users/two-factor/recovery-codes': { body: () => ({ code: '123456' }) },
  'POST /api/users/two-factor/disable': { body: () => ({ code: '123456' }) },
  'PUT /api/users/language': { body: () => ({ preferred_language: 'sk' }) },
  'PUT /api/users/notifications': { body: () => ({ bid_emails: true }) },
  'POST /api/notifications/read': { body: () => ({ all: true }) },
  'PUT /api/users/notification-preferences': {
    body: () => ({ preferences: { bid_received: { email: true, push: true } } }),
  },
  'PUT /api/users/lead-alerts': {
    body: () => ({
      alerts: [
        {
          categories: ['plumbing'],
          place_id: 723819,
          radius_km: 30,
          words: ['bojler'],
          frequency: 'instant',
        },
      ],
    }),
  },
  'GET /api/notifications/unsubscribe': { url: () => '/api/notifications/unsubscribe?token=abc' },
  'GET /api/places': { url: () => '/api/places?q=kosice' },
  'GET /api/providers': { url: () => '/api/providers?near=723819&radius_km=40&sort=rating' },
  'POST /api/notifications/unsubscribe': {
    url: () => '/api/notifications/unsubscribe?token=abc',
  },
  'PATCH /api/users/disable': { fresh: 'actor' },
  'DELETE /api/users/account': { fresh: 'actor' },
  'POST /api/contact': {
    body: (cell) =>
      withChallenge(cell, {
        name: 'Ján Pýtajúci',
        email: 'jan@example.test',
        subject: 'Otázka k službe',
        message: 'Dobrý deň, ako funguje hodnotenie majstrov?',
      }),
  },
  'POST /api/push/subscriptions': {
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${++emailCounter}`,
      keys: browserPushKeys(),
    }),
  },
  'DELETE /api/push/subscriptions': {
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-gone' }),
  },
  'DELETE /api/push/subscriptions/:id': {
    url: () => '/api/push/subscriptions/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/work-requests': {
    form: () => {
      const form = new FormData();
      form.set('title', 'Výmena batérie v kúpeľni');
      form.set('category', 'plumbing');
      form.set('description', 'Treba vymeniť starú batériu za novú, batériu mám kúpenú.');
      form.set('location', 'Trnava');
      return form;
    },
  },
  'GET /api/work-requests/:id': { url: (cell) => `/api/work-requests/${request(cell)}` },
  'DELETE /api/work-requests/:id': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}`,
  },
  'GET /api/work-requests/:id/attachments/:attachmentId/download': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/attachments/${cell.world!.attachmentId}/download`,
  },
  'GET /api/work-requests/:id/attachments/:attachmentId/thumbnail': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/attachments/${cell.world!.attachmentId}/thumbnail`,
  },
  'PATCH /api/work-requests/:id/complete': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/complete`,
  },
  'PATCH /api/work-requests/:id/cancel': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/cancel`,
  },
  'PATCH /api/work-requests/:id/extend': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/extend`,
    body: () => ({ days: 3 }),
  },
  'POST /api/work-requests/:id/done': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/done`,
    form: () => formOf({ note: 'Hotovo, tesnenie vymenené.' }),
  },
  'POST /api/work-requests/:id/problem': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/problem`,
    form: () => formOf({ reason: 'poor_quality', text: 'Z batérie stále kvapká voda.' }),
  },
  'GET /api/work-requests/:id/completion': {
    url: (cell) => `/api/work-requests/${request(cell)}/completion`,
  },
  'GET /api/work-requests/:id/completion-files/:fileId': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/completion-files/${cell.world!.completionFileId}`,
  },
  'GET /api/admin/cases/:id': { url: (cell) => `/api/admin/cases/${request(cell)}` },
  'POST /api/admin/cases/:id/decision': {
    fresh: 'request',
    url: (cell) => `/api/admin/cases/${request(cell)}/decision`,
    body: () => ({ outcome: 'complete', note: 'Fotografie ukazujú hotovú prácu.' }),
  },
  'POST /api/bids': {
    fresh: 'request',
    body: (cell) => ({ work_request_id: request(cell), ...bidBody }),
  },
  'GET /api/bids/work-request/:id': { url: (cell) => `/api/bids/work-request/${request(cell)}` },
  'GET /api/bids/provider/:id': { url: () => `/api/bids/provider/${people.winner.id}` },
  'PATCH /api/bids/:id/accept': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/accept`,
  },
  'PUT /api/bids/:id': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}`,
    body: () => bidBody,
  },
  'DELETE /api/bids/:id': { fresh: 'request', url: (cell) => `/api/bids/${cell.world!.bidId}` },
  'GET /api/bids/:id/revisions': { url: (cell) => `/api/bids/${cell.world!.bidId}/revisions` },
  'POST /api/bids/:id/price-request': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-request`,
  },
  'POST /api/bids/:id/price-proposal': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-proposal`,
    body: () => ({ amount: 150, note: 'Viac materiálu, než sme čakali.' }),
  },
  'PATCH /api/bids/:id/price-proposal': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-proposal`,
    body: () => ({ answer: 'decline' }),
  },
  'GET /api/providers/:id': { url: () => `/api/providers/${people.winner.id}` },
  'GET /api/users/profile-picture/provider/:id': {
    url: () => `/api/users/profile-picture/provider/${people.winner.id}`,
  },
  'GET /api/providers/:id/reviews': { url: () => `/api/providers/${people.winner.id}/reviews` },
  'POST /api/providers/:id/reviews': {
    fresh: 'request',
    url: () => `/api/providers/${people.winner.id}/reviews`,
    body: (cell) => ({ work_request_id: request(cell), rating: 5, comment: 'Rýchlo a čisto.' }),
  },
  'GET /api/work-requests/:id/client-rating': {
    url: (cell) => `/api/work-requests/${request(cell)}/client-rating`,
  },
  'POST /api/work-requests/:id/client-review': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/client-review`,
    body: () => ({ rating: 4, comment: 'Platba načas.' }),
  },
  'POST /api/reviews/:id/answer': {
    url: () => `/api/reviews/${winnersReviewId}/answer`,
    body: () => ({ text: 'Ďakujem za hodnotenie.' }),
  },
  'PUT /api/reviews/:id/answer': {
    url: () => `/api/reviews/${winnersReviewId}/answer`,
    body: () => ({ text: 'Ďakujem za hodnotenie, opravené.' }),
  },
  'POST /api/providers/:id/trust-summary': {
    url: () => `/api/providers/${people.winner.id}/trust-summary`,
    body: () => ({ language: 'sk' }),
  },
  'GET /api/work-requests/admin/:id': {
    url: (cell) => `/api/work-requests/admin/${request(cell)}`,
  },
  'GET /api/admin/users/:role/:id': {
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
  },
  'PUT /api/admin/users/:role/:id': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
    body: () => ({
      name: 'Upravený Majster',
      contact_email: 'kontakt@example.test',
      hourly_rate: 20,
      experience_years: 3,
      credits: 0,
    }),
  },
  'PATCH /api/admin/users/:role/:id/status': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}/status`,
    body: () => ({ account_status: 'disabled' }),
  },
  'DELETE /api/admin/users/:role/:id': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
    body: () => ({ reason: 'Falošný účet' }),
  },
  'POST /api/admin/users/:role/:id/unlock': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}/unlock`,
  },
  'GET /api/admin/bids': { url: () => `/api/admin/bids?work_request_id=${worlds.OPEN.requestId}` },
  'GET /api/admin/users': { url: () => '/api/admin/users?user_type=provider' },
  'GET /api/admin/audits/export': { url: () => '/api/admin/audits/export?format=csv' },
  ...CONVERSATION_CALLS,
};

// ─── Fixtures ───────────────────────────────────────────────────────────────────────────────

let database: TestDatabase;
let app: App;
let mailbox: Mailbox;
let gemini: FakeGemini;
let google: OpenIdProvider;
let storage: FileStorage;
let filesDir: string;
const people = {} as Record<Exclude<ActorKind, 'visitor'>, Person>;
const worlds = {} as Record<State, World>;
/** A client's review of the winner, for the answer routes. */
let winnersReviewId: string;
const PUBLIC_URL = 'http://localhost:3000';

const ACCOUNT_OF: Record<
  Exclude<ActorKind, 'visitor'>,
  [Parameters<typeof createAccount>[1], AccountFields]
> = {
  unverified: ['client', { emailVerified: false }],
  owner: ['client', {}],
  otherClient: ['client', {}],
  provider: ['provider', {}],
  bidder: ['provider', {}],
  winner: ['provider', {}],
  loser: ['provider', {}],
  disabled: ['client', { accountStatus: 'disabled' }],
  admin: ['administrator', {}],
};

async function person(kind: Exclude<ActorKind, 'visitor'>): Promise<Person> {
  const [role, fields] = ACCOUNT_OF[kind];
  const user = await createAccount(database.db, role, {
    phoneNumber: role === 'administrator' ? null : '+421 900 123 456',
    serviceCategory: role === 'provider' ? 'plumbing' : null,
    ...fields,
  });
  const { token } = await openSession(database.db, user.id);
  return { id: user.id, email: user.email, name: user.name, token };
}

async function placeBid(
  requestId: string,
  providerId: string,
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED',
) {
  const [bid] = await database.db
    .insert(bids)
    .values({
      workRequestId: requestId,
      providerId,
      amountCents: 12_000,
      description: 'Vymením tesnenie do hodiny.',
      status,
    })
    .returning({ id: bids.id });
  return bid!.id;
}

/** A request of `owner` in the given state, with one stored attachment and its bids. */
async function makeWorld(state: State): Promise<World> {
  const request = await createWorkRequest(database.db, people.owner, { status: 'OPEN' });
  const key = storage.newKey();
  await storage.put(key, PNG);
  const thumbnailKey = storage.newKey();
  await storage.put(thumbnailKey, PNG);
  const [attachment] = await database.db
    .insert(attachments)
    .values({
      workRequestId: request.id,
      storageKey: key,
      thumbnailKey,
      filename: 'foto.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning({ id: attachments.id });
  let bidId: string;
  const hired = state !== 'OPEN' && state !== 'CANCELLED' && state !== 'EXPIRED';
  if (!hired) {
    const pending = state === 'OPEN' || state === 'EXPIRED';
    bidId = await placeBid(request.id, people.bidder.id, pending ? 'PENDING' : 'REJECTED');
    await database.db
      .update(workRequests)
      .set({
        status: state,
        ...(state === 'EXPIRED' && { bidsUntil: new Date(Date.now() - 60 * 60_000) }),
      })
      .where(eq(workRequests.id, request.id));
  } else {
    bidId = await placeBid(request.id, people.winner.id, 'ACCEPTED');
    await placeBid(request.id, people.loser.id, 'REJECTED');
    await database.db
      .update(workRequests)
      .set({ status: state, acceptedBidId: bidId })
      .where(eq(workRequests.id, request.id));
  }
  const conversation = await threadOfWorld(database.db, storage, {
    requestId: request.id,
    clientId: people.owner.id,
    providerId: hired ? people.winner.id : people.bidder.id,
    hired,
  });
  const completionFileId =
    state === 'DONE' || state === 'DISPUTED' ? await doneWithPhoto(request.id, state) : NO_FILE;
  return {
    requestId: request.id,
    attachmentId: attachment!.id,
    bidId,
    conversation,
    completionFileId,
  };
}

/** The winner's "done" with a photo (and for DISPUTED the owner's problem after it). */
async function doneWithPhoto(requestId: string, state: 'DONE' | 'DISPUTED') {
  const [done] = await database.db
    .insert(completionSteps)
    .values({ workRequestId: requestId, kind: 'done', authorId: people.winner.id })
    .returning({ id: completionSteps.id });
  const key = storage.newKey();
  await storage.put(key, PNG);
  const [photo] = await database.db
    .insert(completionFiles)
    .values({
      stepId: done!.id,
      storageKey: key,
      filename: 'hotovo.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning({ id: completionFiles.id });
  if (state === 'DISPUTED') {
    await database.db.insert(completionSteps).values({
      workRequestId: requestId,
      kind: 'problem',
      authorId: people.owner.id,
      reason: 'poor_quality',
      note: 'Z batérie stále kvapká voda.',
    });
  }
  return photo!.id;
}

beforeAll(async () => {
  google = await startOpenIdProvider([`${PUBLIC_URL}/api/auth/google/callback`]);
  gemini = await startFakeGemini({ slowMs: 3_000 });
  mailbox = await startMailbox();
  database = await createTestDatabase();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-matrix-'));
  storage = diskStorage(filesDir);
  app = await buildApp({
    db: database.db,
    storage,
    mailer: smtpMailer(mailbox.url, 'Majstri <no-reply@majstri.sk>'),
    publicUrl: PUBLIC_URL,
    passwordCost: TEST_PASSWORD_COST,
    google: {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      issuerUrl: google.issuer,
    },
    gemini: {
      apiKey: 'test-key',
      model: 'gemini-2.5-flash',
      baseUrl: gemini.url,
      timeoutMs: 2_000,
      dailyLimit: 100_000,
    },
  });
  await app.ready();
  for (const kind of ACTORS) if (kind !== 'visitor') people[kind] = await person(kind);
  for (const state of STATES) worlds[state] = await makeWorld(state);
  const reviewed = await makeWorld('COMPLETED');
  const [review] = await database.db
    .insert(reviews)
    .values({
      providerId: people.winner.id,
      clientId: people.owner.id,
      workRequestId: reviewed.requestId,
      rating: 4,
    })
    .returning({ id: reviews.id });
  winnersReviewId = review!.id;
  await reportOf(app, people.owner.token!, worlds.ASSIGNED.conversation.id);
  const pictureKey = storage.newKey();
  await storage.put(pictureKey, PNG);
  await database.db
    .update(providerProfiles)
    .set({ pictureKey })
    .where(eq(providerProfiles.userId, people.winner.id));
});

afterAll(async () => {
  await app.close();
  await database.drop();
  await mailbox.close();
  await gemini.close();
  await google.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Sends one cell's call as its actor, from an address of its own. */
async function send(
  method: string,
  call: Call,
  cell: Cell,
  pattern: string,
): Promise<LightMyRequestResponse> {
  const url = call.url ? call.url(cell) : pattern;
  if (call.form) return cell.agent.form(method as 'POST' | 'PUT', url, call.form(cell));
  const options: InjectOptions = { method: method as InjectOptions['method'], url };
  if (call.body) options.payload = await call.body(cell);
  return cell.agent.request(options);
}

function outcomeOf(response: LightMyRequestResponse): Outcome | string {
  const json = response.headers['content-type']?.toString().includes('json') && response.body;
  const code = json ? ((response.json() as { error?: string }).error ?? null) : null;
  const status = response.statusCode;
  if (status >= 500) return `5xx (${status} ${code})`;
  if (status === 400 && code === 'validation_failed')
    return `400 validation_failed: ${response.body.slice(0, 300)}`;
  if (status === 403 && code === 'csrf_invalid') return '403 csrf_invalid';
  if (status === 401 && (code === 'not_authenticated' || code === null)) return 401;
  if (status === 403) return 403;
  if (status === 404) return 404;
  return 'ok';
}

const keyOf = (method: string, url: string) => `${method} ${url}`;
const rowKeyOf = (method: string, url: string) => keyOf(method === 'HEAD' ? 'GET' : method, url);

async function runCell(
  method: string,
  pattern: string,
  actor: ActorKind,
  state: State | undefined,
) {
  const key = rowKeyOf(method, pattern);
  const call = CALLS[key] ?? {};
  let me = actor === 'visitor' ? undefined : people[actor];
  if (call.fresh === 'actor' && actor !== 'visitor') me = await person(actor);
  const world =
    state === undefined
      ? undefined
      : call.fresh === 'request'
        ? await makeWorld(state)
        : worlds[state];
  const target = call.fresh === 'target' ? await person('provider') : people.loser;
  const agent = new Agent(app);
  if (me?.token) agent.useSession(me.token, 'sk');
  const response = await send(method, call, { actor, state, world, me, target, agent }, pattern);
  return outcomeOf(response);
}

describe('the authorization matrix', () => {
  it('has exactly one row for every API route the app registered', () => {
    const registered = new Set(app.apiRoutes.map((route) => rowKeyOf(route.method, route.url)));
    const missing = [...registered].filter((key) => !(key in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((key) => !registered.has(key));
    const staleCalls = Object.keys(CALLS).filter((key) => !registered.has(key));
    expect(missing, 'routes without a row in EXPECTED').toEqual([]);
    expect(stale, 'rows in EXPECTED for routes that no longer exist').toEqual([]);
    expect(staleCalls, 'CALLS for routes that no longer exist').toEqual([]);
  });

  it('answers every route × actor × state as the table says, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of app.apiRoutes) {
      const key = rowKeyOf(route.method, route.url);
      const expected = EXPECTED[key];
      const byState = expected && 'OPEN' in expected && typeof expected.OPEN === 'object';
      for (const state of byState ? STATES : [undefined]) {
        const expectedRow = (state ? (expected as Record<State, Row>)[state] : expected) as
          Row | undefined;
        // The actors' cells of one row are independent of each other: sent together.
        const answers = await Promise.all(
          ACTORS.map((actor) => runCell(route.method, route.url, actor, state)),
        );
        for (const [index, actor] of ACTORS.entries()) {
          const got = answers[index];
          const want = expectedRow?.[actor];
          if (got !== want) {
            wrong.push(
              `${keyOf(route.method, route.url)}${state ? ` [${state}]` : ''} as ${actor}: expected ${want}, got ${got}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every route, actor and state in one sweep: on a busy machine it takes minutes, not seconds.
  }, 600_000);
});
