import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import { AppError } from '../../../server/errors';
import type { EventPublisher } from '../../../server/events/bus';
import type { Actor } from '../../../shared/actor';
import { missingProfileItems } from '../../accounts/provider-profile.rules';
import { findPlace, findPlaces, unknownPlace } from '../../places/server';
import type { LeadAlertInput } from '../leads.schema';
import { firstAlertOf, leadsOf, withinAlertLimit } from '../leads.rules';
import { leadAlertsRefusal } from './leads.policy';
import {
  addAlert,
  alertsAround,
  alertsOf,
  findMatchableRequest,
  lockProviderAlerts,
  lockUnseededProfile,
  markSeeded,
  recordLeads,
  replaceAlerts,
} from './leads.repo';

function mustKeepAlerts(actor: Actor) {
  const refusal = leadAlertsRefusal(actor);
  if (refusal) throw new AppError(refusal, 'Only providers keep job alerts.');
}

/** The provider's alerts with their places (GET /api/users/lead-alerts). */
export async function leadAlertsOf(ctx: Pick<ServerContext, 'db'>, actor: Actor) {
  mustKeepAlerts(actor);
  const alerts = await alertsOf(ctx.db, actor.id);
  const placesById = findPlaces([...new Set(alerts.map((alert) => alert.placeId))]);
  return alerts.flatMap((alert) => {
    const place = placesById.get(alert.placeId);
    return place ? [{ alert, place }] : [];
  });
}

/**
 * Replaces the provider's alerts with this list (PUT /api/users/lead-alerts): at most
 * LEAD_ALERT_LIMIT (`too_many_alerts`), each on a known place (`unknown_place`). Kept alerts keep
 * their ids; the whole list is written in one transaction or not at all.
 */
export async function saveLeadAlerts(
  ctx: Pick<ServerContext, 'db'>,
  actor: Actor,
  alerts: LeadAlertInput[],
) {
  mustKeepAlerts(actor);
  if (!withinAlertLimit(alerts.length)) {
    throw new AppError('too_many_alerts', 'At most 10 job alerts.');
  }
  const placesById = findPlaces([...new Set(alerts.map((alert) => alert.place_id))]);
  const stored = alerts.map((alert) => {
    const place = placesById.get(alert.place_id);
    if (!place) throw unknownPlace();
    return {
      id: alert.id,
      categories: alert.categories,
      placeId: alert.place_id,
      radiusKm: alert.radius_km,
      words: alert.words,
      frequency: alert.frequency,
      lat: place.lat,
      lon: place.lon,
    };
  });
  await ctx.db.transaction(async (tx) => {
    // The account may be being deleted at this moment: then its owner is signed out.
    if (!(await lockProviderAlerts(tx, actor.id))) {
      throw new AppError('not_authenticated', 'You must be logged in.');
    }
    await replaceAlerts(tx, actor.id, stored);
  });
}

/**
 * Matches a request just posted against every alert (a handler of `request.posted`, in the
 * posting's transaction): an open request with a place, whose place lies within an alert's
 * radius, whose category the alert holds and whose text holds the alert's words, is a lead for
 * that alert's provider — never for its own client, once per provider. The new leads are
 * recorded and told (`lead.matched`) in the same transaction.
 */
export async function matchLeads(events: EventPublisher, tx: Db | Tx, workRequestId: string) {
  const request = await findMatchableRequest(tx, workRequestId);
  if (!request || request.placeId === null) return [];
  const candidates = await alertsAround(tx, request);
  const leads = await recordLeads(tx, request.id, leadsOf(candidates, request));
  if (leads.length === 0) return [];
  await events.publish(tx, 'lead.matched', {
    workRequestId: request.id,
    title: request.title,
    category: request.category,
    placeId: request.placeId,
    providers: leads.map((lead) => ({
      providerId: lead.providerId,
      frequency: lead.frequency,
      distanceKm: lead.distanceKm,
    })),
  });
  return leads;
}

/**
 * The first alert, made once from the service area of a profile that is complete
 * (`missingProfileItems`): `lead_alerts_seeded` records that it was made, so a provider who
 * deletes it does not get it back. A complete profile without a place waits for one.
 */
export async function seedFirstLeadAlert(ctx: Pick<ServerContext, 'db'>, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const profile = await lockUnseededProfile(tx, userId);
    if (!profile || missingProfileItems(profile).length > 0) return false;
    const first = firstAlertOf(profile);
    if (!first) return false;
    const place = findPlace(first.placeId);
    if (!place) return false;
    const existing = await alertsOf(tx, userId);
    if (withinAlertLimit(existing.length + 1)) {
      await addAlert(tx, userId, { ...first, lat: place.lat, lon: place.lon });
    }
    await markSeeded(tx, userId);
    return true;
  });
}
