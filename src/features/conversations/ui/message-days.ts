import { MARKET_TIME_ZONE } from '../../../shared/format';
import { LOCALE_OF, type Language } from '../../../shared/languages';

/**
 * Messages by calendar day, and their times, on the marketplace's clock (Europe/Bratislava):
 * the server's render and every browser agree on which day a message belongs to. Pure.
 */

/** "2026-05-01": the day `value` falls on in Bratislava. */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function marketDay(value: string | Date): string {
  const parts = Object.fromEntries(
    dayFormat.formatToParts(new Date(value)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export interface DayOfMessages<M> {
  /** `YYYY-MM-DD` in Bratislava. */
  day: string;
  messages: M[];
}

/** Consecutive messages (oldest first) gathered under the day they were written. */
export function groupByDay<M extends { createdAt: string }>(messages: M[]): DayOfMessages<M>[] {
  const days: DayOfMessages<M>[] = [];
  for (const message of messages) {
    const day = marketDay(message.createdAt);
    const last = days.at(-1);
    if (last?.day === day) last.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}

/** The day before `day` (`YYYY-MM-DD`), as calendar arithmetic, whatever the clock changes. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Whether `day` is today or yesterday in Bratislava, for its heading; undefined otherwise. */
export function relativeDay(day: string, now: Date): 'today' | 'yesterday' | undefined {
  const today = marketDay(now);
  if (day === today) return 'today';
  if (day === dayBefore(today)) return 'yesterday';
  return undefined;
}

/** A message's time, "14:05" (sk) or "14:05" (en-GB), in Bratislava. */
export function formatMessageTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    timeStyle: 'short',
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}

/** In the list of threads: the time for a message of today, its date for an older one. */
export function formatListTime(value: string, now: Date, language: Language): string {
  if (marketDay(value) === marketDay(now)) return formatMessageTime(value, language);
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'short',
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}
