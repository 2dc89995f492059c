import { providerPictureUrl } from '../../accounts/accounts.schema';
import { presentPagination } from '../../requests/server';
import type { FavouritesResponse } from '../favourites.schema';
import type { listFavourites } from './favourites.repo';

/** A page of the client's favourites: who, never a contact. */
export function presentFavourites(
  query: { page: number; limit: number },
  { rows, total }: Awaited<ReturnType<typeof listFavourites>>,
): FavouritesResponse {
  return {
    favourites: rows.map((row) => ({
      id: row.id,
      name: row.name,
      profile_picture_url: row.pictureKey ? providerPictureUrl(row.id) : null,
      service_category: row.serviceCategory,
      saved_at: row.savedAt.toISOString(),
    })),
    pagination: presentPagination(query.page, query.limit, total, false),
  };
}
