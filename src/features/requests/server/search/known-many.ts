import { rememberedPerDatabase } from '../../../../server/db/remembered';

/**
 * Searches found to have more matches than the list counts exactly, remembered for a minute per
 * database. Counting them again is most of a search's cost (at a million requests, 6–10 ms of
 * PostgreSQL's time against 1–6 ms for the page), and the answer, "more than 1 000", turns false
 * only when hundreds of matches close within that minute; the page itself is always read afresh.
 * Exact counts are never remembered: they change with every request posted or closed.
 */
export const knownMany = rememberedPerDatabase<true>({ ms: 60_000, max: 2_000 });
