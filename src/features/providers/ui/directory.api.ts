import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { DirectoryListParams } from '../directory-address';
import type { DirectoryResponse } from '../providers.schema';
import { providerKeys } from './providers.api';

export type Directory = CamelCased<DirectoryResponse>;
export type DirectoryProvider = Directory['providers'][number];

/** Cache key of a page of the directory (the server's render fills the same one). */
export const directoryKey = (params: DirectoryListParams) =>
  [...providerKeys.all, 'directory', params] as const;

const directoryApiPath = ({ category, near, radiusKm, sort, page, limit }: DirectoryListParams) => {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (category) query.set('category', category);
  if (near !== undefined) query.set('near', String(near));
  if (radiusKm !== undefined) query.set('radius_km', String(radiusKm));
  if (sort) query.set('sort', sort);
  return `/providers?${query.toString()}`;
};

/** A page of the public directory; the previous page stays on screen while the next one loads. */
export function useDirectory(params: DirectoryListParams) {
  return useQuery({
    queryKey: directoryKey(params),
    queryFn: ({ signal }) => api<Directory>(directoryApiPath(params), { signal }),
    placeholderData: (previous) => previous,
  });
}
