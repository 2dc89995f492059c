import type { Language } from '../../../shared/languages';
import { presentPlace } from '../../places/server';
import type { LeadAlertView } from '../leads.schema';
import type { leadAlertsOf } from './leads.service';

type AlertWithPlace = Awaited<ReturnType<typeof leadAlertsOf>>[number];

/** One alert as the screen shows it: its place named in the reader's language. */
export const presentLeadAlert = ({ alert, place }: AlertWithPlace, language: Language) =>
  ({
    id: alert.id,
    categories: alert.categories,
    place_id: alert.placeId,
    place: presentPlace(place, language),
    radius_km: alert.radiusKm,
    words: alert.words,
    frequency: alert.frequency,
  }) satisfies LeadAlertView;

export const presentLeadAlerts = (alerts: AlertWithPlace[], language: Language) => ({
  alerts: alerts.map((alert) => presentLeadAlert(alert, language)),
});
