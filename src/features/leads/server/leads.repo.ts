import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import type { Category } from '../../../shared/categories';
import { activeProvider, providerProfiles, users } from '../../accounts/server/tables';
import { earthOf, places } from '../../places/server/tables';
import { listedRequest, workRequests } from '../../requests/server/tables';
import type { LeadFrequency } from '../leads.schema';
import type { CandidateAlert, Lead } from '../leads.rules';
import { leadAlerts, leadDeliveries } from './tables';

/** An alert as stored and written: the place's coordinates travel with it. */
export interface StoredAlert {
  id?: string | undefined;
  categories: Category[];
  placeId: number;
  radiusKm: number;
  words: string[];
  frequency: LeadFrequency;
  lat: number;
  lon: number;
}

/** The provider's alerts, oldest first (the order the screen lists them in). */
export function alertsOf(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(leadAlerts)
    .where(eq(leadAlerts.userId, userId))
    .orderBy(asc(leadAlerts.createdAt), asc(leadAlerts.id));
}

/** Holds the provider's alerts while a PUT replaces them (two saves at once apply one by one). */
export async function lockProviderAlerts(tx: Tx, userId: string) {
  const [held] = await tx
    .select({ userId: providerProfiles.userId })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .for('update');
  return held !== undefined;
}

/**
 * Replaces the provider's alerts with these: kept ones (their id among the provider's) are
 * rewritten in place, the rest are deleted, new ones inserted. An id that is not one of the
 * provider's makes a new alert: nothing tells whether it exists elsewhere.
 */
export async function replaceAlerts(tx: Tx, userId: string, alerts: StoredAlert[]) {
  const own = new Set((await alertsOf(tx, userId)).map((alert) => alert.id));
  const kept = alerts.filter((alert) => alert.id !== undefined && own.has(alert.id));
  const keptIds = kept.map((alert) => alert.id!);
  await tx
    .delete(leadAlerts)
    .where(
      keptIds.length > 0
        ? and(eq(leadAlerts.userId, userId), notInArray(leadAlerts.id, keptIds))
        : eq(leadAlerts.userId, userId),
    );
  for (const alert of kept) {
    await tx
      .update(leadAlerts)
      .set(columnsOf(alert))
      .where(and(eq(leadAlerts.id, alert.id!), eq(leadAlerts.userId, userId)));
  }
  const added = alerts.filter((alert) => !kept.includes(alert));
  if (added.length > 0) {
    // One moment for the batch, so that the list keeps the order it was written in.
    const base = Date.now();
    await tx.insert(leadAlerts).values(
      added.map((alert, index) => ({
        ...columnsOf(alert),
        userId,
        createdAt: new Date(base + index),
      })),
    );
  }
}

/** One more alert of the provider (the first one, made from their service area). */
export async function addAlert(tx: Tx, userId: string, alert: StoredAlert) {
  await tx.insert(leadAlerts).values({ ...columnsOf(alert), userId });
}

const columnsOf = (alert: StoredAlert) => ({
  categories: alert.categories,
  placeId: alert.placeId,
  radiusKm: alert.radiusKm,
  words: alert.words,
  frequency: alert.frequency,
  lat: alert.lat,
  lon: alert.lon,
});

/** A new request as matching needs it: listed, with its place's point; undefined otherwise. */
export async function findMatchableRequest(db: Db | Tx, workRequestId: string) {
  const [row] = await db
    .select({
      id: workRequests.id,
      clientId: workRequests.clientId,
      title: workRequests.title,
      description: workRequests.description,
      category: workRequests.category,
      placeId: workRequests.placeId,
      lat: places.lat,
      lon: places.lon,
    })
    .from(workRequests)
    .innerJoin(places, eq(places.id, workRequests.placeId))
    .where(and(eq(workRequests.id, workRequestId), listedRequest(workRequests)));
  return row;
}

/**
 * The alerts whose circle holds this point and whose categories hold this one, of active
 * providers, with the distance from the alert's place. The box test (`@>`) is answered by the
 * GiST index `lead_alerts_area_idx`; the exact distance then trims the box's corners.
 */
export async function alertsAround(
  db: Db | Tx,
  point: { lat: number; lon: number; category: Category },
): Promise<CandidateAlert[]> {
  const here = earthOf(sql`${point.lat}::float8`, sql`${point.lon}::float8`);
  const centre = earthOf(leadAlerts.lat, leadAlerts.lon);
  const distance = sql<number>`earth_distance(${centre}, ${here})`;
  return db
    .select({
      alertId: leadAlerts.id,
      userId: leadAlerts.userId,
      frequency: leadAlerts.frequency,
      words: leadAlerts.words,
      distanceKm: sql<number>`round((${distance} / 1000)::numeric, 1)::float8`,
    })
    .from(leadAlerts)
    .innerJoin(users, eq(users.id, leadAlerts.userId))
    .where(
      and(
        sql`earth_box(${centre}, ${leadAlerts.radiusKm}::float8 * 1000) @> ${here}`,
        sql`${distance} <= ${leadAlerts.radiusKm}::float8 * 1000`,
        sql`${leadAlerts.categories} @> array[${point.category}]::category[]`,
        activeProvider,
      ),
    );
}

/**
 * Records each lead once per provider and request; a lead already recorded (a second matching
 * alert, the same event again) is skipped. Answers the leads that are new.
 */
export async function recordLeads(tx: Db | Tx, workRequestId: string, leads: readonly Lead[]) {
  if (leads.length === 0) return [];
  const added = await tx
    .insert(leadDeliveries)
    .values(
      leads.map((lead) => ({
        userId: lead.providerId,
        workRequestId,
        alertId: lead.alertId,
        frequency: lead.frequency,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: leadDeliveries.userId });
  const fresh = new Set(added.map((row) => row.userId));
  return leads.filter((lead) => fresh.has(lead.providerId));
}

/**
 * Daily leads recorded up to `until` and not yet mailed, with their request and whether their
 * provider is still active, oldest first;
 * locked, so that two runs of the 7:00 job never mail one twice.
 */
export function dueDailyLeads(tx: Tx, until: Date, limit: number) {
  return tx
    .select({
      userId: leadDeliveries.userId,
      workRequestId: leadDeliveries.workRequestId,
      title: workRequests.title,
      category: workRequests.category,
      placeId: workRequests.placeId,
      stillListed: sql<boolean>`${listedRequest(workRequests)}`,
      providerActive: sql<boolean>`${activeProvider}`,
    })
    .from(leadDeliveries)
    .innerJoin(workRequests, eq(workRequests.id, leadDeliveries.workRequestId))
    .innerJoin(users, eq(users.id, leadDeliveries.userId))
    .where(
      and(
        eq(leadDeliveries.frequency, 'daily'),
        sql`${leadDeliveries.mailedAt} is null`,
        lte(leadDeliveries.createdAt, until),
      ),
    )
    .orderBy(asc(leadDeliveries.userId), asc(leadDeliveries.createdAt))
    .limit(limit)
    .for('update', { of: leadDeliveries, skipLocked: true });
}

export async function markMailed(
  tx: Tx,
  userId: string,
  workRequestIds: readonly string[],
  at: Date,
) {
  await tx
    .update(leadDeliveries)
    .set({ mailedAt: at })
    .where(
      and(
        eq(leadDeliveries.userId, userId),
        inArray(leadDeliveries.workRequestId, [...workRequestIds]),
      ),
    );
}

/** The provider's profile as the first alert needs it, locked; only while not yet seeded. */
export async function lockUnseededProfile(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      serviceCategory: providerProfiles.serviceCategory,
      location: providerProfiles.location,
      pictureKey: providerProfiles.pictureKey,
      hourlyRateCents: providerProfiles.hourlyRateCents,
      bio: providerProfiles.bio,
      placeId: providerProfiles.placeId,
      serviceRadiusKm: providerProfiles.serviceRadiusKm,
      serviceCategories: providerProfiles.serviceCategories,
    })
    .from(providerProfiles)
    .where(and(eq(providerProfiles.userId, userId), sql`not ${providerProfiles.leadAlertsSeeded}`))
    .for('update');
  return row;
}

export async function markSeeded(tx: Tx, userId: string) {
  await tx
    .update(providerProfiles)
    .set({ leadAlertsSeeded: true })
    .where(eq(providerProfiles.userId, userId));
}
