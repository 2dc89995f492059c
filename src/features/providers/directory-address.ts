import { isCategory } from '../../shared/categories';
import { DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, type DirectorySort } from './providers.schema';

/** A whole number written in the address, or undefined for none or anything else. */
const wholeNumber = (text: string | null) =>
  text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined;

/**
 * The directory's filters as its address holds them (/providers?category&near&radius_km&sort&page):
 * read by the page and by the server that renders it and writes its title, so all three agree.
 */
export function directoryAddress(search: URLSearchParams) {
  const category = search.get('category');
  const sort = search.get('sort');
  return {
    category: isCategory(category) ? category : undefined,
    near: wholeNumber(search.get('near')),
    radiusKm: wholeNumber(search.get('radius_km')),
    sort: DIRECTORY_SORTS.includes(sort as DirectorySort) ? (sort as DirectorySort) : undefined,
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
  };
}
export type DirectoryAddress = ReturnType<typeof directoryAddress>;

/** What the directory's list is asked for (directory.api.ts), and the key it is kept under. */
export const directoryListParams = (address: DirectoryAddress) => ({
  ...address,
  limit: DIRECTORY_PAGE_SIZE,
});
export type DirectoryListParams = ReturnType<typeof directoryListParams>;

/** The address of the directory for these filters (the sitemap's and the links' too). */
export function directoryPath(
  filters: Partial<Omit<DirectoryAddress, 'page'>> & { page?: number },
) {
  const search = new URLSearchParams();
  if (filters.category) search.set('category', filters.category);
  if (filters.near !== undefined) {
    search.set('near', String(filters.near));
    if (filters.radiusKm !== undefined) search.set('radius_km', String(filters.radiusKm));
  }
  if (filters.sort) search.set('sort', filters.sort);
  if (filters.page && filters.page > 1) search.set('page', String(filters.page));
  const query = search.toString();
  return query ? `/providers?${query}` : '/providers';
}
