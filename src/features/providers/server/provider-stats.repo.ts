import { inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { providerStats } from './tables';

/** The stored figures of these providers (none for a provider never counted yet). */
export async function statsOf(db: Db, providerIds: string[]) {
  if (providerIds.length === 0) return new Map<string, typeof providerStats.$inferSelect>();
  const rows = await db
    .select()
    .from(providerStats)
    .where(inArray(providerStats.providerId, providerIds));
  return new Map(rows.map((row) => [row.providerId, row]));
}
