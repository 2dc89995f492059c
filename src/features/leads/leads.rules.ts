import type { Category } from '../../shared/categories';
import { DEFAULT_LEAD_RADIUS_KM, LEAD_ALERT_LIMIT, type LeadFrequency } from './leads.schema';

/**
 * How a request matches an alert's words (docs/leads.md "Matching"): text is compared without
 * accents and case, cut into words at anything that is not a letter or a digit; every word of the
 * alert must begin some word of the request's title or description ("obklad" finds "obklady",
 * "Obkladač", "OBKLÁDANIE"; "klad" finds none of them). An alert's word written with a space or a
 * hyphen is several words, each of which must occur.
 */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFD')
      // Accents of Latin letters go (č → c); Cyrillic й and ї stay the letters they are.
      .replace(/([A-Za-z])\p{M}+/gu, '$1')
      .normalize('NFC')
      .toLocaleLowerCase('und')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '')
  );
}

/** Whether every word of the alert begins a word of the request's text. */
export function wordsMatch(alertWords: readonly string[], requestText: string): boolean {
  const wanted = alertWords.flatMap(wordsOf);
  if (wanted.length === 0) return true;
  const present = wordsOf(requestText);
  return wanted.every((word) => present.some((candidate) => candidate.startsWith(word)));
}

/** An alert the area and the category already matched, with its provider. */
export interface CandidateAlert {
  alertId: string;
  userId: string;
  frequency: LeadFrequency;
  words: string[];
  distanceKm: number;
}

/** One lead for one provider: the alert it came from and how soon they hear of it. */
export interface Lead {
  providerId: string;
  alertId: string;
  frequency: LeadFrequency;
  distanceKm: number;
}

/**
 * The leads of a new request from the alerts its place and category matched: those whose words
 * it also holds, never its own client's, one per provider. When several of a provider's alerts
 * match, an `instant` one wins over `daily` (they asked to hear of such jobs at once), then the
 * nearest.
 */
export function leadsOf(
  candidates: readonly CandidateAlert[],
  request: { clientId: string; title: string; description: string },
): Lead[] {
  const text = `${request.title}\n${request.description}`;
  const best = new Map<string, CandidateAlert>();
  for (const alert of candidates) {
    if (alert.userId === request.clientId || !wordsMatch(alert.words, text)) continue;
    const held = best.get(alert.userId);
    if (!held || better(alert, held)) best.set(alert.userId, alert);
  }
  return [...best.values()].map((alert) => ({
    providerId: alert.userId,
    alertId: alert.alertId,
    frequency: alert.frequency,
    distanceKm: alert.distanceKm,
  }));
}

const better = (a: CandidateAlert, b: CandidateAlert) =>
  a.frequency !== b.frequency ? a.frequency === 'instant' : a.distanceKm < b.distanceKm;

/** Whether a PUT of this many alerts is within the limit. */
export const withinAlertLimit = (count: number) => count <= LEAD_ALERT_LIMIT;

/** The provider's service area as the profile holds it. */
export interface ServiceArea {
  placeId: number | null;
  serviceRadiusKm: number | null;
  serviceCategories: readonly Category[];
  serviceCategory: Category | null;
}

/**
 * The first alert, made from a completed profile's service area: instant, no words, the service
 * categories (or the one service category when none), the service radius (30 km when none).
 * Undefined when the area names no place or no category: there is nothing to alert on.
 */
export function firstAlertOf(area: ServiceArea) {
  const categories =
    area.serviceCategories.length > 0
      ? [...new Set(area.serviceCategories)]
      : area.serviceCategory
        ? [area.serviceCategory]
        : [];
  if (area.placeId === null || categories.length === 0) return undefined;
  return {
    categories,
    placeId: area.placeId,
    radiusKm: area.serviceRadiusKm ?? DEFAULT_LEAD_RADIUS_KM,
    words: [] as string[],
    frequency: 'instant' as const,
  };
}
