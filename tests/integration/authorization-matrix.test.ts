import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { ACCOUNT_CALLS } from './authorization-matrix/calls-accounts';
import { REQUEST_CALLS } from './authorization-matrix/calls-requests';
import type { Call, Cell } from './authorization-matrix/cell';
import { CONVERSATION_CALLS } from './authorization-matrix/conversations';
import { ACCOUNT_ROWS } from './authorization-matrix/expected-accounts';
import { ADMIN_ROWS } from './authorization-matrix/expected-admin';
import { CONVERSATION_ROWS } from './authorization-matrix/expected-conversations';
import { PROVIDER_ROWS } from './authorization-matrix/expected-providers';
import { REQUEST_ROWS } from './authorization-matrix/expected-requests';
import { VERIFICATION_CALLS, VERIFICATION_ROWS } from './authorization-matrix/verifications';
import { INVITATION_CALLS, INVITATION_ROWS } from './authorization-matrix/invitations';
import {
  ACTORS,
  oneTable,
  STATES,
  type ActorKind,
  type Outcome,
  type Row,
  type State,
} from './authorization-matrix/table';
import {
  fixtures,
  makeWorld,
  people,
  person,
  setUpWorlds,
  tearDownWorlds,
  worlds,
} from './authorization-matrix/worlds';

/**
 * docs/security.md "Authorization matrix": who may call which API route, as ONE table
 * (`EXPECTED`, keyed by `METHOD /path/:pattern`), checked against the routes the app actually
 * registered (`app.apiRoutes`). A route added without a row fails the suite naming it; a row
 * whose route is gone fails too.
 *
 * Where things are (tests/integration/authorization-matrix/):
 * - a new route's row goes in the `expected-<area>.ts` of its area (accounts, requests, providers,
 *   admin, conversations), the rows many routes share in `table.ts`;
 * - how a route is called (its url with ids, its body, what must be fresh), when a bare call of
 *   its pattern will not do, in `calls-<area>.ts` (conversations: `conversations.ts`);
 * - the people and the world of each state in `worlds.ts`, what a cell is in `cell.ts`.
 * A route given twice, in two areas, fails the file at once (`oneTable`).
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
 * COMPLETED): authorization-matrix/conversations.ts makes them.
 *
 * Fixtures are made once per file straight in the database (factories; cheap scrypt). Every cell
 * runs from its own address (no rate limit is shared between cells). Cells that change state run
 * against a fresh world: `fresh: 'request'` makes a new request (with its bids) per cell,
 * `fresh: 'actor'` a new account of the actor's kind (for routes that act on the caller's own
 * account: log out, disable, delete, change password…), `fresh: 'target'` a new account for the
 * administrator routes that change another account.
 */

/** THE table: every API route × every actor (× every request state where the route is about one). */
const EXPECTED = oneTable([
  ACCOUNT_ROWS,
  REQUEST_ROWS,
  PROVIDER_ROWS,
  ADMIN_ROWS,
  CONVERSATION_ROWS,
  VERIFICATION_ROWS,
  INVITATION_ROWS,
]);
/** How each route is called, where a bare call of its pattern will not do. */
const CALLS = oneTable<Call>([
  ACCOUNT_CALLS,
  REQUEST_CALLS,
  CONVERSATION_CALLS,
  VERIFICATION_CALLS,
  INVITATION_CALLS,
]);

beforeAll(setUpWorlds);
afterAll(tearDownWorlds);

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

/**
 * Sends one cell. Only a cell the table lets through gets the fresh world its call asks for: a
 * refused call changes nothing, so it runs against the shared people and worlds. Were one let
 * through by mistake, its own outcome fails the sweep.
 */
async function runCell(
  method: string,
  pattern: string,
  actor: ActorKind,
  state: State | undefined,
  expected: Outcome | undefined,
) {
  const key = rowKeyOf(method, pattern);
  const call = CALLS[key] ?? {};
  const fresh = expected === 'ok' ? call.fresh : undefined;
  let me = actor === 'visitor' ? undefined : people[actor];
  if (fresh === 'actor' && actor !== 'visitor') me = await person(actor);
  const world =
    state === undefined ? undefined : fresh === 'request' ? await makeWorld(state) : worlds[state];
  const target = fresh === 'target' ? await person('provider') : people.loser;
  const agent = new Agent(fixtures.app);
  if (me?.token) agent.useSession(me.token, 'sk');
  const response = await send(method, call, { actor, state, world, me, target, agent }, pattern);
  return outcomeOf(response);
}

describe('the authorization matrix', () => {
  it('has exactly one row for every API route the app registered', () => {
    const registered = new Set(
      fixtures.app.apiRoutes.map((route) => rowKeyOf(route.method, route.url)),
    );
    const missing = [...registered].filter((key) => !(key in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((key) => !registered.has(key));
    const staleCalls = Object.keys(CALLS).filter((key) => !registered.has(key));
    expect(missing, 'routes without a row in EXPECTED').toEqual([]);
    expect(stale, 'rows in EXPECTED for routes that no longer exist').toEqual([]);
    expect(staleCalls, 'CALLS for routes that no longer exist').toEqual([]);
  });

  it('answers every route × actor × state as the table says, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of fixtures.app.apiRoutes) {
      const key = rowKeyOf(route.method, route.url);
      const expected = EXPECTED[key];
      const byState = expected && 'OPEN' in expected && typeof expected.OPEN === 'object';
      for (const state of byState ? STATES : [undefined]) {
        const expectedRow = (state ? (expected as Record<State, Row>)[state] : expected) as
          Row | undefined;
        // The actors' cells of one row are independent of each other: sent together.
        const answers = await Promise.all(
          ACTORS.map((actor) =>
            runCell(route.method, route.url, actor, state, expectedRow?.[actor]),
          ),
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
