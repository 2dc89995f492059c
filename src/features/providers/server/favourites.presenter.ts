import { providerPictureUrl } from '../../accounts/accounts.schema';
import { presentPagination } from '../../requests/server';
import type { FavouritesResponse } from '../favourites.schema';
import type { favouritesOf } from './favourites.service';

/** A page of the client's favourites: who, never a contact. */
export function presentFavourites(
  query: { page: number; limit: number },
  { rows, total, badges }: Awaited<ReturnType<typeof favouritesOf>>,
): FavouritesResponse {
  return {
    favourites: rows.map((row) => ({
      id: row.id,
      name: row.name,
      profile_picture_url: row.pictureKey ? providerPictureUrl(row.id) : null,
      service_category: row.serviceCategory,
      badges: badges.get(row.id) ?? [],
      saved_at: row.savedAt.toISOString(),
    })),
    pagination: presentPagination(query.page, query.limit, total, false),
  };
}
