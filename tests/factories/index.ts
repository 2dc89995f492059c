import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { clientProfiles, providerProfiles, users, workRequests } from '../../src/server/db/schema';
import type { Category } from '../../src/shared/categories';
import type { AccountStatus, WorkRequestStatus } from '../../src/shared/statuses';

const unique = () => randomBytes(4).toString('hex');

export async function createClient(
  db: Db,
  overrides: {
    name?: string;
    email?: string;
    accountStatus?: AccountStatus;
    emailVerified?: boolean;
  } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `client-${unique()}@example.test`,
      name: overrides.name ?? 'Klára Klientová',
      role: 'client',
      emailVerified: overrides.emailVerified ?? true,
      accountStatus: overrides.accountStatus ?? 'active',
    })
    .returning();
  await db.insert(clientProfiles).values({ userId: user!.id, phoneNumber: '+421 900 111 222' });
  return user!;
}

export async function createProvider(
  db: Db,
  overrides: { name?: string; category?: Category } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: `provider-${unique()}@example.test`,
      name: overrides.name ?? 'Peter Majster',
      role: 'provider',
      emailVerified: true,
    })
    .returning();
  await db.insert(providerProfiles).values({
    userId: user!.id,
    contactEmail: user!.email,
    contactPhone: '+421 900 333 444',
    serviceCategory: overrides.category ?? 'plumbing',
  });
  return user!;
}

export async function createWorkRequest(
  db: Db,
  client: { id: string; name: string; email: string },
  overrides: {
    title?: string;
    description?: string;
    category?: Category;
    status?: WorkRequestStatus;
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
      location: 'Bratislava',
      status: overrides.status ?? 'OPEN',
      contactName: client.name,
      contactEmail: client.email,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return request!;
}
