import cs from '../../../locales/cs/categories.json';
import en from '../../../locales/en/categories.json';
import ru from '../../../locales/ru/categories.json';
import sk from '../../../locales/sk/categories.json';
import uk from '../../../locales/uk/categories.json';
import type { Category } from '../../../shared/categories';
import type { Language } from '../../../shared/languages';
import { findPlaces, presentPlace } from '../../places/server';

const CATEGORY_LABELS: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

/** A category's name in a reader's language (the screens' own labels). */
export const categoryLabel = (category: Category, language: Language) =>
  CATEGORY_LABELS[language][category];

/** The names of these places in a reader's language, by id (a place gone has none). */
export function placeNames(placeIds: readonly (number | null)[]) {
  const ids = [...new Set(placeIds.filter((id): id is number => id !== null))];
  const rows = findPlaces(ids);
  return (id: number | null, language: Language) => {
    const row = id === null ? undefined : rows.get(id);
    return row ? presentPlace(row, language).name : '';
  };
}

/** A distance as a lead tells it: whole kilometres, at least 1. */
export const wholeKm = (distanceKm: number) => Math.max(1, Math.round(distanceKm));

/**
 * The lines of the 7:00 mail, one lead each: its title, category and town, and the link to its
 * page on the next line. Never the client's name or contact: the request's own facts only.
 */
export function digestLines(
  leads: readonly { title: string; category: Category; town: string; link: string }[],
  language: Language,
) {
  return leads
    .map((lead) => {
      const where = [categoryLabel(lead.category, language), lead.town].filter(Boolean).join(', ');
      return `• ${lead.title} (${where})\n  ${lead.link}`;
    })
    .join('\n\n');
}
