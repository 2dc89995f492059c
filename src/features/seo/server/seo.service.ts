import type { Db } from '../../../server/db/database';
import { CATEGORIES } from '../../../shared/categories';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-meta';
import { findPlaces } from '../../places/server';
import { directoryPath } from '../../providers/directory-address';
import type { SitemapEntry } from './crawlers';
import { activeProvidersForSitemap, openRequestsForSitemap } from './seo.repo';

/**
 * The towns whose directory pages the sitemap lists for every trade (GeoNames ids): the eight
 * Slovak regional seats, then Prague, Brno and Ostrava.
 */
export const SITEMAP_TOWNS = [
  3060972, // Bratislava
  3057124, // Trnava
  3057140, // Trenčín
  3058531, // Nitra
  3056508, // Žilina
  3061186, // Banská Bystrica
  723819, // Prešov
  724443, // Košice
  3067696, // Praha
  3078610, // Brno
  3068799, // Ostrava
] as const;

/** The directory for each trade around each main town (those the gazetteer holds). */
function directoryEntries(): SitemapEntry[] {
  const towns = findPlaces([...SITEMAP_TOWNS]);
  return SITEMAP_TOWNS.filter((id) => towns.has(id)).flatMap((near) =>
    CATEGORIES.map((category) => ({ path: directoryPath({ category, near }) })),
  );
}

/** What the sitemap lists: the public pages, the directory by town and trade, active providers and listed requests. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [requests, providers] = await Promise.all([
    openRequestsForSitemap(db),
    activeProvidersForSitemap(db),
  ]);
  const directory = directoryEntries();
  return [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...directory,
    ...providers.map((row) => ({ path: `/provider/${row.id}`, lastModified: row.updatedAt })),
    ...requests.map((row) => ({ path: `/request/${row.id}`, lastModified: row.updatedAt })),
  ];
}
