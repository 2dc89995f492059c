import type { Db } from '../../../server/db/database';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-meta';
import type { SitemapEntry } from './crawlers';
import { activeProvidersForSitemap, openRequestsForSitemap } from './seo.repo';

/** What the sitemap lists: the public pages, active providers and listed requests. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [requests, providers] = await Promise.all([
    openRequestsForSitemap(db),
    activeProvidersForSitemap(db),
  ]);
  return [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...providers.map((row) => ({ path: `/provider/${row.id}`, lastModified: row.updatedAt })),
    ...requests.map((row) => ({ path: `/request/${row.id}`, lastModified: row.updatedAt })),
  ];
}
