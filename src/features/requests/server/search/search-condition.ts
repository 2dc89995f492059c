import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Category } from '../../../../shared/categories';
import { listedRequest, workRequests } from '../tables';
import type { SearchQuery } from './search-query';

/** Requests whose search text matches a full-text query (`work_requests_search_vector_idx`). */
export const fullText = (text: string) =>
  sql`${workRequests.searchVector} @@ to_tsquery('simple', ${text})`;

/** Listed (open, of an active client), optionally in one category. */
export const listedIn = (category: Category | undefined) =>
  and(listedRequest(workRequests), category ? eq(workRequests.category, category) : undefined)!;

/**
 * A category named by the words stands in for the words that named it, not for the others nor
 * for the location.
 */
export const namedBy = ({ categories, rest, location }: SearchQuery) =>
  and(
    inArray(workRequests.category, categories),
    rest ? fullText(rest) : undefined,
    location ? fullText(location) : undefined,
  )!;

/** What a search matches: every word, or a category the words name with the other words. */
export const matchedBy = (found: SearchQuery) =>
  found.categories.length > 0
    ? or(fullText(found.tsquery), namedBy(found))!
    : fullText(found.tsquery);

/** Listed requests in the category (if any) that the search (if any) matches. */
export const searchCondition = (
  found: SearchQuery | undefined,
  category: Category | undefined,
): SQL => (found ? and(listedIn(category), matchedBy(found))! : listedIn(category));
