import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import { workRequests } from '../../src/server/db/schema';
import type { Category } from '../../src/shared/categories';
import type { WorkRequestStatus } from '../../src/shared/statuses';

export * from './accounts';
export * from './conversations';

export async function createWorkRequest(
  db: Db,
  client: { id: string; name: string; email: string },
  overrides: {
    title?: string;
    description?: string;
    category?: Category;
    status?: WorkRequestStatus;
    location?: string;
    /** The request's place (places); none unless given. */
    placeId?: number | null;
    createdAt?: Date;
  } = {},
) {
  const [request] = await db
    .insert(workRequests)
    .values({
      clientId: client.id,
      title: overrides.title ?? 'Oprava kvapkajúcej batérie',
      description: overrides.description ?? 'Batéria v kuchyni kvapká, treba vymeniť tesnenie.',
      category: overrides.category ?? 'plumbing',
      location: overrides.location ?? 'Bratislava',
      placeId: overrides.placeId ?? null,
      status: overrides.status ?? 'OPEN',
      contactName: client.name,
      contactEmail: client.email,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return request!;
}

/**
 * `count` open requests in one statement, titled `title n` in `location` (Trnava unless given),
 * the n-th made `hoursBefore + n` hours before now: the thousands a search's plans are chosen for.
 */
export async function createWorkRequests(
  db: Db,
  clientId: string,
  {
    title,
    count,
    hoursBefore = 0,
    location = 'Trnava',
    category = 'other',
  }: {
    title: string;
    count: number;
    hoursBefore?: number;
    location?: string;
    category?: Category;
  },
) {
  await db.execute(sql`
    insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
    select ${clientId}, ${title} || ' ' || n, 'Treba urobiť čo najskôr.', ${category}, ${location}, 'Klient',
           'k@example.test', now() - (${hoursBefore} + n) * interval '1 hour'
    from generate_series(1, ${count}) n`);
}
