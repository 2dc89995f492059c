import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { CATEGORIES } from '../../shared/categories';
import { verifyPassword } from '../../features/accounts/server/password';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './demo-seed';
import { bids, leadAlerts, providerProfiles, users, workRequests } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, (line) => lines.push(line));
});

afterAll(async () => database.drop());

describe('demo content', () => {
  it('covers all 26 categories with providers in many towns', async () => {
    const rows = await database.db.select().from(providerProfiles);
    expect(new Set(rows.map((row) => row.serviceCategory))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((row) => row.location)).size).toBeGreaterThanOrEqual(15);
  });

  it('places the requests and providers in towns, each such provider with a lead alert around theirs', async () => {
    const requests = await database.db.select({ placeId: workRequests.placeId }).from(workRequests);
    expect(requests.filter((row) => row.placeId !== null).length).toBeGreaterThan(
      requests.length * 0.9,
    );
    const placed = await database.db
      .select({ userId: providerProfiles.userId, placeId: providerProfiles.placeId })
      .from(providerProfiles);
    const alerts = await database.db.select().from(leadAlerts);
    for (const provider of placed.filter((row) => row.placeId !== null)) {
      expect(alerts.filter((alert) => alert.userId === provider.userId)).toEqual([
        expect.objectContaining({ placeId: provider.placeId, radiusKm: 30, frequency: 'instant' }),
      ]);
    }
    expect(alerts.length).toBeGreaterThan(20);
  });

  it('has open and assigned requests with bids, each assigned one pointing at its accepted bid', async () => {
    const open = await database.db
      .select({ n: count() })
      .from(workRequests)
      .where(eq(workRequests.status, 'OPEN'));
    expect(open[0]!.n).toBeGreaterThan(6);
    const assigned = await database.db
      .select()
      .from(workRequests)
      .where(eq(workRequests.status, 'ASSIGNED'));
    expect(assigned.length).toBeGreaterThan(0);
    for (const request of assigned) {
      const [accepted] = await database.db
        .select()
        .from(bids)
        .where(eq(bids.id, request.acceptedBidId!));
      expect(accepted).toMatchObject({ status: 'ACCEPTED', workRequestId: request.id });
    }
    expect((await database.db.select({ n: count() }).from(bids))[0]!.n).toBeGreaterThan(20);
  });

  it('dates every bid between its request and now', async () => {
    const rows = await database.db
      .select({ bidAt: bids.createdAt, requestAt: workRequests.createdAt })
      .from(bids)
      .innerJoin(workRequests, eq(workRequests.id, bids.workRequestId));
    const now = new Date();
    const recent = rows.filter((row) => now.getTime() - row.requestAt.getTime() < DAY_MS);
    expect(recent.length, 'bids on requests of today').toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.bidAt.getTime()).toBeGreaterThanOrEqual(row.requestAt.getTime());
      expect(row.bidAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('prints sign-ins that work with the printed password', async () => {
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
    const [admin] = await database.db.select().from(users).where(eq(users.role, 'administrator'));
    expect(lines.join('\n')).toContain(admin!.email);
    expect(await verifyPassword(DEMO_PASSWORD, admin!.passwordHash!)).toBe(true);
  });

  it('does not load twice into a database that already has accounts', async () => {
    const before = (await database.db.select({ n: count() }).from(users))[0]!.n;
    await seedDemo(database.db, () => {});
    expect((await database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });
});
