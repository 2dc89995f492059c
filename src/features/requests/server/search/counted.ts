// How many matches a list counts, and what it says past them.

/**
 * Matches are counted exactly up to this many; beyond, the list says "more than" this many (a
 * true statement, not a guess: PostgreSQL's own estimate of a prefix search was 57 % too high).
 */
export const EXACT_COUNT_LIMIT = 1_000;

/** When there are more matches than counted, paging reaches this far at most. */
export const MAX_ESTIMATED_PAGES = 50;

/** The total from the matches counted up to EXACT_COUNT_LIMIT + 1. */
export function totalOf(counted: number) {
  return counted <= EXACT_COUNT_LIMIT
    ? { total: counted, more: false }
    : { total: EXACT_COUNT_LIMIT, more: true };
}
