/*
 * What search engines read: robots.txt (the public site may be indexed, the back office and the
 * API may not) and sitemap.xml (the public pages and every article).
 */

/** The public site's pages besides the articles. */
export const PUBLIC_PAGES = ['/', '/blog', '/contact', '/contact-sales', '/privacy', '/terms'];

/** The back office, the API and the tools: never indexed (sign-in and sign-up may be). */
export const PRIVATE_PATHS = [
  '/dashboard',
  '/members',
  '/subscription-plans',
  '/subscriptions',
  '/payments',
  '/users',
  '/communications',
  '/settings',
  '/profile',
  '/change-password',
  '/set-password',
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

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

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
