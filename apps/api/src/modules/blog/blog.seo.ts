/*
 * What search engines read: robots.txt (the public site may be indexed, the back office and the
 * API may not) and sitemap.xml (the public pages and every article).
 */
import { SITE_PATHS, WEB_APP_PATHS } from '@kora/shared';

/** The public site's pages besides the articles (one per article is added). */
const PUBLIC_PAGES = SITE_PATHS.filter((path) => !path.includes(':'));

/** Pages anyone may find from a search engine although they belong to the app. */
const INDEXABLE_APP_PAGES = new Set(['/login', '/signup', '/forgot-password']);

/**
 * Never indexed: every page of the app but sign-in and sign-up (each as its first segment:
 * `/members` covers `/members/12`), the API and the tools.
 */
const PRIVATE_PATHS = [
  ...new Set(
    WEB_APP_PATHS.map((path) => `/${path.split('/')[1]}`).filter(
      (path) => !INDEXABLE_APP_PAGES.has(path),
    ),
  ),
  '/v1/',
  '/uploads/',
  '/dev/',
  '/docs',
];

export const robotsTxt = (appUrl: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

const urlEntry = (loc: string, lastmod?: string) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;

/** The sitemap: the public pages, then each article (`/blog/{slug}`) with its last change. */
export const sitemapXml = (
  appUrl: string,
  articles: { slug: string; updated_at: string }[],
): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => urlEntry(`${appUrl}${path === '/' ? '/' : path}`)),
    ...articles.map((a) => urlEntry(`${appUrl}/blog/${encodeURIComponent(a.slug)}`, a.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
