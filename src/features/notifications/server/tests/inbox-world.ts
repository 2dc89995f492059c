import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';
import { notifications } from '../../../../server/db/schema';
import { QUEUES } from '../../../../server/jobs/job-queue';
import type { QueuedMail } from '../../../../server/mail/mail-queue';
import type { NotificationType } from '../../../../shared/notification-types';

/** Helpers of the notification tests: people, their requests and bids, and what reached whom. */

export const PUBLIC_URL = 'http://localhost:3000';
export const PHONE = '+421 900 123 456';

export type Person = Awaited<ReturnType<AccountsHarness['signedIn']>> & { name: string };

let counter = 0;

/** A verified person signed in on an agent of their own, with a phone and a contact address. */
export async function person(
  h: AccountsHarness,
  role: 'client' | 'provider' | 'administrator',
): Promise<Person> {
  const name = `${role === 'client' ? 'Klientka' : role === 'provider' ? 'Majster' : 'Správca'} ${++counter}`;
  return { ...(await h.signedIn(role, { name })), name };
}

/** An open request of this client, made in the database. */
export async function requestOf(h: AccountsHarness, client: Person, title: string) {
  return createWorkRequest(h.database.db, client, { title });
}

/** The provider bids through the API; answers the bid's id. */
export async function bid(provider: Person, workRequestId: string, amount = 120) {
  const placed = await provider.agent.post('/api/bids', {
    work_request_id: workRequestId,
    amount,
    description: 'Urobím to do týždňa, materiál mám.',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().bid.id as string;
}

/** Every notification row of a type, oldest first: who got it, and what it says. */
export function rowsOf(h: AccountsHarness, type: NotificationType) {
  return h.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.type, type))
    .orderBy(asc(notifications.id));
}

/** The readers a type of notification about this request reached (each once), sorted. */
export async function readersOf(h: AccountsHarness, type: NotificationType, title: string) {
  const rows = await rowsOf(h, type);
  return rows
    .filter((row) => row.data.title === title)
    .map((row) => row.userId)
    .sort();
}

/** The person's notifications as the inbox answers them. */
export async function inboxOf(reader: Person, query = '') {
  const answer = await reader.agent.get(`/api/notifications${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    notifications: {
      id: number;
      type: NotificationType;
      created_at: string;
      read_at: string | null;
      data: Record<string, unknown>;
      link: string | null;
    }[];
    unread_count: number;
    pagination: { page: number; total_pages: number; total: number };
  };
}

export const ids = (...people: Person[]) => people.map((someone) => someone.id).sort();

/**
 * The mails queued for this address (of one kind), oldest first, in any state: what is sent, as
 * it waits in the queue (the queue sends one at a time, so a test need not wait for SMTP).
 */
export async function queuedMails(h: AccountsHarness, to: string, kind?: QueuedMail['kind']) {
  const result = await h.database.db.execute<{ data: QueuedMail }>(
    sql`select data from pgboss.job where name = ${QUEUES.mail} and data->>'to' = ${to}
        order by created_on, id`,
  );
  return result.rows.map((row) => row.data).filter((mail) => !kind || mail.kind === kind);
}
