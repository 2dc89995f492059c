import { eq } from 'drizzle-orm';
import { createWorkRequest } from '../../../../../tests/factories';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';
import { workRequests } from '../../../../server/db/schema';
import { rowsOf, type Person } from '../../../notifications/server/tests/inbox-world';

/** Helpers of the tests of a request's time for bids (expiry.test.ts, extension.test.ts). */

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;

let counter = 0;
/** An open request of `client` that takes bids for one more hour of real time. */
export async function endingRequest(h: AccountsHarness, client: Person) {
  const title = `Výmena batérie v kúpeľni ${++counter}`;
  const request = await createWorkRequest(h.database.db, client, { title });
  const bidsUntil = new Date(Date.now() + HOUR);
  await h.database.db
    .update(workRequests)
    .set({ bidsUntil })
    .where(eq(workRequests.id, request.id));
  return { id: request.id, title, bidsUntil };
}

/** A second past the moment. */
export const after = (at: Date) => new Date(at.getTime() + 1_000);

/** The request's status, end of the time for bids and extension, as stored. */
export async function statusOf(h: AccountsHarness, id: string) {
  const [row] = await h.database.db
    .select({
      status: workRequests.status,
      bidsUntil: workRequests.bidsUntil,
      extendedAt: workRequests.biddingExtendedAt,
    })
    .from(workRequests)
    .where(eq(workRequests.id, id));
  return row!;
}

/** Notifications of a type about this request, by reader. */
export async function told(
  h: AccountsHarness,
  type: 'request_expired' | 'bidding_closed',
  workRequestId: string,
) {
  const rows = await rowsOf(h, type);
  return rows.filter((row) => row.workRequestId === workRequestId).map((row) => row.userId);
}
