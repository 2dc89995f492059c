import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import { pagination } from '../requests/requests.schema';
import { PROVIDER_CLIENT_ACTIONS } from './invitations.schema';
import { badgesView } from '../verifications/verifications.schema';

/** A client's favourite providers (docs/invitations.md "Favourites"): the wire contract. */

export const favouriteParams = z.object({
  providerId: z.uuid({ message: 'provider_not_found' }),
});

/** Favourites on one page of My profile's tab, at most. */
export const FAVOURITES_PAGE_SIZE = 20;

export const favouritesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(FAVOURITES_PAGE_SIZE),
});

/** A kept provider as the tab lists them: who and what they do, never a contact. */
export const favouriteView = z.object({
  id: z.uuid(),
  name: z.string(),
  profile_picture_url: z.string().nullable(),
  service_category: z.enum(CATEGORIES).nullable(),
  /** Checked business and insurance, as on the provider's page. */
  badges: badgesView,
  saved_at: z.iso.datetime(),
});
export type FavouriteView = z.infer<typeof favouriteView>;

export const favouritesResponse = z.object({
  favourites: z.array(favouriteView),
  pagination,
});
export type FavouritesResponse = z.infer<typeof favouritesResponse>;

export const favouriteResponse = z.object({
  favourite: z.object({ provider_id: z.uuid(), saved_at: z.iso.datetime() }),
});

/**
 * What the viewer may do with a provider (the server decides: signed-in clients, an active
 * provider) and whether they keep them: on the provider's page and the directory's.
 */
export const providerForViewer = z.object({
  allowed_actions: z.array(z.enum(PROVIDER_CLIENT_ACTIONS)),
  favourite: z.boolean(),
});
export type ProviderForViewer = z.infer<typeof providerForViewer>;

/** The same for a page of the directory: the actions, and which of its providers are kept. */
export const directoryForViewer = z.object({
  allowed_actions: z.array(z.enum(PROVIDER_CLIENT_ACTIONS)),
  favourite_ids: z.array(z.uuid()),
});
export type DirectoryForViewer = z.infer<typeof directoryForViewer>;
