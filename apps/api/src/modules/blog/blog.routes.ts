import type { FastifyInstance } from 'fastify';
import { blogContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { route } from '../../lib/contract-route';
import { robotsTxt, sitemapXml } from './blog.seo';
import * as blog from './blog.service';

/** Search engines may keep robots.txt and the sitemap for an hour. */
const CACHE_AN_HOUR = 'public, max-age=3600';

/** The blog (public), and what search engines read: robots.txt and sitemap.xml. */
export const blogRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.list, async (req) => ({
    message: 'Articles loaded.',
    ...(await blog.listArticles(ctx.db, { page: req.query.page, perPage: req.query.per_page })),
  }));

  route(app, api.bySlug, async (req) => ({
    message: 'Article loaded.',
    data: await blog.getArticle(ctx.db, req.params.slug),
  }));

  // Not API calls: kept out of the OpenAPI document.
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('cache-control', CACHE_AN_HOUR)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(ctx.config.appUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('cache-control', CACHE_AN_HOUR)
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(ctx.config.appUrl, await blog.sitemapEntries(ctx.db))),
  );
};
