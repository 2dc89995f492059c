import { fold, startsWithName } from './fold';

/**
 * How a request's place reads on its page and card: the town, then the detail line the client
 * wrote ("Košice · Juh, near the station"). A detail that already starts with the town's name
 * ("Košice - Juh", written before places were chosen) is shown alone, not after the name again.
 */
export function placeLine(place: { name: string } | null, detail: string): string {
  const text = detail.trim();
  if (!place) return text;
  if (text === '' || startsWithName(fold(text), fold(place.name))) return text || place.name;
  return `${place.name} · ${text}`;
}
