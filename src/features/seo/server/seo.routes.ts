import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../server/db/database';
import { robotsTxt, sitemapXml } from './crawlers';
import { sitemapEntries } from './seo.service';

/**
 * robots.txt and sitemap.xml, at the site's root (outside the /api scope: crawlers send no
 * cookies and need no CSRF token). Both are the same for everyone; shared caches may keep them.
 */
export const seoRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = await sitemapEntries(db);
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=600, s-maxage=3600')
      .send(sitemapXml(publicUrl, entries));
  });
};
