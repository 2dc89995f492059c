import {
  row,
  ANYONE,
  SIGNED_IN,
  PROVIDERS,
  REQUEST_DETAILS,
  byState,
  COMPLETION_STEP,
  type Expected,
} from './table';

/** The rows of requests (their files and completion) and bids. */
export const REQUEST_ROWS: Record<string, Expected> = {
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
};
