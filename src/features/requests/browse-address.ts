import { isCategory } from '../../shared/categories';
import { LIMITS } from '../../shared/limits';
import { DISTANCE_SORTS, type DistanceSort } from './requests.schema';

/** A whole number written in the address, or undefined for none or anything else. */
const wholeNumber = (text: string | null) =>
  text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined;

/**
 * Browse's filters as its address holds them (/browse?q&category&location&near&radius_km&sort&page):
 * read by the page and by the server that renders it, so both ask for the same list. A radius or
 * order that makes no sense is passed on as written, for the API to refuse with its reason.
 */
export function browseAddress(search: URLSearchParams) {
  const category = search.get('category');
  const sort = search.get('sort');
  return {
    q: search.get('q') ?? '',
    category: isCategory(category) ? category : '',
    location: search.get('location') ?? '',
    near: wholeNumber(search.get('near')),
    radiusKm: wholeNumber(search.get('radius_km')),
    sort: DISTANCE_SORTS.includes(sort as DistanceSort) ? (sort as DistanceSort) : undefined,
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
  };
}
export type BrowseAddress = ReturnType<typeof browseAddress>;

/** What the list of open requests is asked for (requests.api.ts), and the key it is kept under. */
export interface RequestListParams {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  /** A place's id: only requests within `radiusKm` of it, each with its distance. */
  near?: number | undefined;
  radiusKm?: number | undefined;
  sort?: DistanceSort | undefined;
  page: number;
  limit: number;
}

/** The list Browse shows for its address. */
export const browseListParams = (address: BrowseAddress): RequestListParams => ({
  q: address.q || undefined,
  category: address.category || undefined,
  location: address.location || undefined,
  near: address.near,
  radiusKm: address.radiusKm,
  sort: address.sort,
  page: address.page,
  limit: LIMITS.browsePageSize,
});
