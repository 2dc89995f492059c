import type { WorkRequestStatus } from '../../../src/shared/statuses';

/**
 * The vocabulary of the authorization matrix (../authorization-matrix.test.ts): its actors, the
 * request states, the outcomes of a cell, and the rows many routes share. The rows themselves
 * are in expected-*.ts, one file an area.
 */

export const ACTORS = [
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
export type ActorKind = (typeof ACTORS)[number];
export const STATES = [
  'OPEN',
  'ASSIGNED',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'DONE',
  'DISPUTED',
] as const satisfies WorkRequestStatus[];
export type State = (typeof STATES)[number];

export type Outcome = 'ok' | 401 | 403 | 404;
export type Row = Record<ActorKind, Outcome>;

/** A row from a default outcome and its exceptions. */
export const row = (base: Outcome, exceptions: Partial<Row> = {}): Row =>
  ({ ...Object.fromEntries(ACTORS.map((actor) => [actor, base])), ...exceptions }) as Row;

/** Anyone, signed in or not (a disabled account's session is no session: a visitor). */
export const ANYONE = row('ok');
/** Any signed-in person; a visitor and a disabled account are asked to sign in. */
export const SIGNED_IN = row('ok', { visitor: 401, disabled: 401 });
export const PROVIDER_PAGE = row('ok', { provider: 403, bidder: 403, loser: 403 });
export const ADMIN_ONLY = row(403, { visitor: 401, disabled: 401, admin: 'ok' });
export const PROVIDERS = { provider: 'ok', bidder: 'ok', winner: 'ok', loser: 'ok' } as const;

/**
 * Who may see a request's details and files: anyone signed in while it is OPEN; once it is not,
 * only its client, the providers who bid on it (any bid status) and administrators; the rest
 * are told it does not exist.
 */
/** A hired request: its client, both its bidders (the winner and the loser), administrators. */
export const HIRED_REQUEST_DETAILS = row(404, {
  visitor: 401,
  disabled: 401,
  owner: 'ok',
  winner: 'ok',
  loser: 'ok',
  admin: 'ok',
});

export const REQUEST_DETAILS: Record<State, Row> = {
  OPEN: SIGNED_IN,
  ASSIGNED: HIRED_REQUEST_DETAILS,
  DONE: HIRED_REQUEST_DETAILS,
  DISPUTED: HIRED_REQUEST_DETAILS,
  COMPLETED: HIRED_REQUEST_DETAILS,
  CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
  EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 'ok' }),
};

export type Expected = Row | Record<State, Row>;

export const byState = (rows: Partial<Record<State, Row>> & { default: Row }): Record<State, Row> =>
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
export const HIRED_THREAD = row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' });
export const THREAD = byState({
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
export const COMPLETION_STEP = (who: 'owner' | 'winner') => {
  // Never hired (CANCELLED, EXPIRED): its bidder may open it, the winner and loser of the other
  // worlds may not.
  const neverHired = row(404, {
    visitor: 401,
    disabled: 401,
    owner: who === 'owner' ? 'ok' : 403,
    bidder: 403,
    admin: 403,
  });
  return byState({
    OPEN: row(403, { visitor: 401, disabled: 401, ...(who === 'owner' ? { owner: 'ok' } : {}) }),
    CANCELLED: neverHired,
    EXPIRED: neverHired,
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
};

/**
 * One table from the tables of each area; a route given twice (the later spread would silently
 * win over the earlier) is refused.
 */
export function oneTable<T>(areas: Record<string, T>[]): Record<string, T> {
  const table: Record<string, T> = {};
  for (const area of areas) {
    for (const [route, value] of Object.entries(area)) {
      if (route in table) throw new Error(`${route} is in two areas of the matrix`);
      table[route] = value;
    }
  }
  return table;
}
