import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BLOG_LIMITS,
  SLUG_PATTERN,
  type BlogArticle,
  type BlogArticleSummary,
  type SitePage,
} from '@kora/shared';

/*
 * The public site (landing page, blog, contact form, policies) is rendered to plain HTML on the
 * server by the web app's site renderer (built to `server/render.js` beside the web app), so a
 * visitor downloads a page and a few kilobytes of script, never the back office. The pages that
 * do not depend on data are rendered once at start and kept compressed (brotli and gzip); the
 * blog's pages are rendered on each request from the database and compressed like any answer.
 */

interface SiteRenderer {
  loadSiteAssets(distDir: string): unknown;
  renderSitePage(page: SitePage, ctx: { origin: string; assets: unknown }): string;
  STATIC_SITE_PAGES: { path: string; page: SitePage }[];
}

/** Where the blog's articles come from (the blog module's service, bound to the database). */
export interface BlogSource {
  list(page: number): Promise<{ data: BlogArticleSummary[]; meta: { pages: number } }>;
  bySlug(slug: string): Promise<BlogArticle | null>;
}

/** A page rendered once, with its compressed forms and its validator. */
interface CachedPage {
  status: number;
  etag: string;
  body: Record<'br' | 'gzip' | 'identity', Buffer>;
}

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const etagOf = (html: string) =>
  `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

export const cachePage = (html: string, status: number): CachedPage => {
  const identity = Buffer.from(html);
  return {
    status,
    etag: etagOf(html),
    body: {
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
  };
};

const htmlHeaders = (reply: FastifyReply, etag: string) =>
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'accept-encoding');

const notModified = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** Answers a cached page in the best encoding the client accepts. */
export const sendCached = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
  htmlHeaders(reply, page.etag);
  if (page.status === 200 && notModified(request, page.etag)) return reply.status(304).send();
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) ?? 'identity';
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(page.status).send(page.body[encoding]);
};

/** The path of a request's address, as a person reads it ("%20" as a space). */
const askedPath = (url: string) => {
  const path = (url.split('?')[0] ?? '/').slice(0, 4000);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Answers a page rendered for this request (the compression plugin compresses it). */
const sendFresh = (request: FastifyRequest, reply: FastifyReply, html: string, status: number) => {
  const etag = etagOf(html);
  htmlHeaders(reply, etag);
  if (status === 200 && notModified(request, etag)) return reply.status(304).send();
  return reply.status(status).send(html);
};

/** The web app's pages drawn ahead of time (sign-in, sign-up): `server/prerender.js`. */
interface AppPrerenderer {
  PRERENDERED_PAGES: Record<string, unknown>;
  renderAppPage(path: string): string | null;
}

export const loadAppPrerenderer = async (webRoot: string): Promise<AppPrerenderer | null> => {
  const file = join(webRoot, 'server', 'prerender.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as AppPrerenderer;
};

/** Loads the built site renderer, or null when the web app was built without it. */
export const loadSiteRenderer = async (webRoot: string): Promise<SiteRenderer | null> => {
  const file = join(webRoot, 'server', 'render.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as SiteRenderer;
};

export interface SiteOptions {
  renderer: SiteRenderer;
  webRoot: string;
  /** The public address of the site (canonical URLs, link previews). */
  origin: string;
  blog: BlogSource;
}

/** The site's routes, and the 404 page for browsers. */
export const registerSite = (app: FastifyInstance, opts: SiteOptions) => {
  const assets = opts.renderer.loadSiteAssets(opts.webRoot);
  const render = (page: SitePage) =>
    opts.renderer.renderSitePage(page, { origin: opts.origin, assets });

  for (const { path, page } of opts.renderer.STATIC_SITE_PAGES) {
    const cached = cachePage(render(page), 200);
    app.get(path, { schema: { hide: true } }, (request, reply) =>
      sendCached(request, reply, cached),
    );
  }

  app.get<{ Querystring: { page?: string } }>(
    '/blog',
    { schema: { hide: true } },
    async (request, reply) => {
      const raw = request.query.page;
      const page = raw !== undefined && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
      try {
        const { data, meta } = await opts.blog.list(page);
        if (page > Math.max(1, meta.pages)) {
          return sendFresh(request, reply, render({ kind: 'not-found', path: '/blog' }), 404);
        }
        return sendFresh(
          request,
          reply,
          render({ kind: 'blog', articles: data, page, pages: meta.pages }),
          200,
        );
      } catch (error) {
        request.log.error({ err: error }, 'the blog could not be loaded');
        reply.header('retry-after', '30');
        return sendFresh(
          request,
          reply,
          render({ kind: 'blog', articles: null, page, pages: 1 }),
          503,
        );
      }
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/blog/:slug',
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug } = request.params;
      const valid = slug.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(slug);
      try {
        const article = valid ? await opts.blog.bySlug(slug) : null;
        return sendFresh(
          request,
          reply,
          render({ kind: 'article', slug: valid ? slug : '', article }),
          article ? 200 : 404,
        );
      } catch (error) {
        request.log.error({ err: error }, 'a blog article could not be loaded');
        reply.header('retry-after', '30');
        return sendFresh(
          request,
          reply,
          render({ kind: 'blog', articles: null, page: 1, pages: 1 }),
          503,
        );
      }
    },
  );

  return {
    /** The site's 404 page, naming the address asked for (the renderer cuts a long one). */
    sendNotFound: (request: FastifyRequest, reply: FastifyReply) =>
      sendFresh(request, reply, render({ kind: 'not-found', path: askedPath(request.url) }), 404),
  };
};
