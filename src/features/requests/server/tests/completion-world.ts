import { and, eq } from 'drizzle-orm';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import { completionSteps, notifications, workRequests } from '../../../../server/db/schema';

/** A request of a client, hired: one provider's bid accepted, another's rejected. */
export async function hiredJob(h: AccountsHarness, title = 'Oprava kúpeľne po záplave') {
  const client = await h.signedIn('client');
  const created = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title,
      category: 'plumbing',
      description: 'Vymeniť batériu a tesnenia pod umývadlom.',
      location: 'Trnava',
    }),
  );
  const request = created.json().work_request as { id: string };
  const provider = await h.signedIn('provider');
  const other = await h.signedIn('provider');
  const bidOf = async (who: typeof provider, amount: number) =>
    (
      await who.agent.post('/api/bids', {
        work_request_id: request.id,
        amount,
        description: 'Urobím to do dvoch dní, materiál mám.',
      })
    ).json().bid as { id: string };
  const bid = await bidOf(provider, 180);
  const otherBid = await bidOf(other, 210);
  const accepted = await client.agent.patch(`/api/bids/${bid.id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
  return { client, provider, other, request, bid, otherBid, title };
}

export const statusOf = async (h: AccountsHarness, id: string) =>
  (
    await h.database.db
      .select({ status: workRequests.status })
      .from(workRequests)
      .where(eq(workRequests.id, id))
  )[0]!.status;

/** The notifications of this type a person has, newest last. */
export const notificationsOf = (h: AccountsHarness, userId: string, type: string) =>
  h.database.db
    .select({ data: notifications.data, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
    .orderBy(notifications.id);

/** Moves the provider's "done" back in time: the test's clock, not a wait. */
export async function doneAgo(h: AccountsHarness, workRequestId: string, ms: number, now: Date) {
  await h.database.db
    .update(completionSteps)
    .set({ createdAt: new Date(now.getTime() - ms) })
    .where(and(eq(completionSteps.workRequestId, workRequestId), eq(completionSteps.kind, 'done')));
}
