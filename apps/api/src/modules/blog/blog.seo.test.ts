import { parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/hooks';
import { sitemapXml } from './blog.seo';
import { publishArticles } from './blog.service';

// An address with characters XML must escape (a real one seldom has them; the sitemap copes).
const t = useTestApp({ appUrl: 'https://kora.test/gym&co' });

/** The <loc> and <lastmod> of each <url>, read by an XML parser. */
const urlsOf = (xml: string) => {
  const doc = parseDocument(xml, { xmlMode: true });
  const text = (el: unknown) =>
    ((el as { children?: { data?: string }[] })?.children ?? []).map((c) => c.data).join('');
  const urlset = doc.children.find((n) => (n as { name?: string }).name === 'urlset') as {
    attribs: Record<string, string>;
    children: { name?: string; children?: { name?: string }[] }[];
  };
  expect(urlset.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return urlset.children
    .filter((n) => n.name === 'url')
    .map((u) => ({
      loc: text(u.children?.find((c) => c.name === 'loc')),
      lastmod: text(u.children?.find((c) => c.name === 'lastmod')) || undefined,
    }));
};

beforeAll(async () => {
  await publishArticles(t.db, [
    {
      slug: 'keep-members-after-january',
      title: 'Keep members',
      excerpt: 'After January, too.',
      content: 'Text.',
    },
  ]);
});

describe('GET /robots.txt', () => {
  it('lets the public site be indexed, not the back office, the API or the tools', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
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
      '/v1/',
      '/uploads/',
      '/dev/',
      '/docs',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    // Signing in and up may be found by search.
    expect(res.body).not.toMatch(/Disallow: \/(login|signup|blog|contact)/);
    expect(lines).toContain('Sitemap: https://kora.test/gym&co/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every article with its last change, as valid XML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // The ampersand of the address is escaped in the document…
    expect(res.body).toContain('https://kora.test/gym&amp;co/blog</loc>');
    expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    // …and reads back as the address.
    const base = 'https://kora.test/gym&co';
    const urls = urlsOf(res.body);
    expect(urls.map((u) => u.loc)).toEqual([
      `${base}/`,
      `${base}/blog`,
      `${base}/contact`,
      `${base}/contact-sales`,
      `${base}/privacy`,
      `${base}/terms`,
      `${base}/blog/keep-members-after-january`,
    ]);
    const article = urls.at(-1)!;
    expect(new Date(article.lastmod!).toISOString()).toBe(article.lastmod);
  });

  it('escapes whatever it is given', () => {
    const xml = sitemapXml('https://x.test/<a>"\'', [{ slug: 'a&b', updated_at: '2026-01-01' }]);
    expect(xml).toContain('<loc>https://x.test/&lt;a&gt;&quot;&apos;/blog/a%26b</loc>');
    expect(urlsOf(xml).at(-1)).toEqual({
      loc: 'https://x.test/<a>"\'/blog/a%26b',
      lastmod: '2026-01-01',
    });
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
    expect(Object.keys(doc.paths)).not.toContain('/sitemap.xml');
    expect(Object.keys(doc.paths)).toContain('/v1/blog_articles/slug/{slug}');
  });
});
