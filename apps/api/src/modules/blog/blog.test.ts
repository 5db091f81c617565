import { describe, expect, it, beforeAll } from 'vitest';
import { ARTICLE_NOT_FOUND, type PublishArticleInput } from '@kora/shared';
import { call, json } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { articleBySlug, listArticles, publishArticles } from './blog.service';

const t = useTestApp();

const article = (slug: string, content = 'Plain text.'): PublishArticleInput => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: `What ${slug} is about, in a sentence.`,
  thumbnail: `/images/blog/${slug}.svg`,
  content,
});

const HOSTILE_MARKDOWN = [
  '# Keep your members',
  'First line',
  'second line',
  '',
  '<script>alert("x")</script>',
  '',
  '<img src="/images/a.svg" onerror="alert(1)" alt="A">',
  '',
  '[Click me](javascript:alert(1)) and [our site](https://kora.ng) and <a href="JaVaScRiPt:alert(2)">this</a>',
  '',
  '<div style="position:fixed" onclick="steal()">Text stays</div>',
].join('\n');

/** Published one after another: oldest first, so the list answers them in reverse. */
const SLUGS = ['first-article', 'second-article', 'third-article'];

beforeAll(async () => {
  for (const slug of SLUGS) await publishArticles(t.db, [article(slug)]);
  await publishArticles(t.db, [article('hostile-markdown', HOSTILE_MARKDOWN)]);
});

describe('GET /v1/blog_articles', () => {
  it('pages the summaries newest first, without their content', async () => {
    const first = await call(t.app, 'GET', '/v1/blog_articles?page=1&per_page=3');
    expect(first.statusCode).toBe(200);
    const body = json(first);
    expect(body.data.map((a: { slug: string }) => a.slug)).toEqual([
      'hostile-markdown',
      'third-article',
      'second-article',
    ]);
    expect(body.meta).toEqual({ page: 1, per_page: 3, pages: 2, total: 4 });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['created_at', 'excerpt', 'id', 'slug', 'thumbnail', 'title', 'updated_at'].sort(),
    );
    expect(body.data[1]).toMatchObject({
      title: 'Title of third-article',
      thumbnail: '/images/blog/third-article.svg',
    });

    const second = json(await call(t.app, 'GET', '/v1/blog_articles?page=2&per_page=3'));
    expect(second.data.map((a: { slug: string }) => a.slug)).toEqual(['first-article']);
    const past = json(await call(t.app, 'GET', '/v1/blog_articles?page=9&per_page=3'));
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(4);
  });

  it('answers 12 a page by default and refuses a page size past 50', async () => {
    expect(json(await call(t.app, 'GET', '/v1/blog_articles')).meta.per_page).toBe(12);
    const res = await call(t.app, 'GET', '/v1/blog_articles?per_page=51');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.per_page).toBe('Page size must be at most 50');
  });

  it('serves the server-rendered pages through the same service, whatever numbers they pass', async () => {
    const page = await listArticles(t.db, { page: 1, perPage: 2 });
    expect(page.data.map((a) => a.slug)).toEqual(['hostile-markdown', 'third-article']);
    expect(page.meta).toEqual({ page: 1, per_page: 2, pages: 2, total: 4 });
    const odd = await listArticles(t.db, { page: Number.NaN, perPage: 10_000 });
    expect(odd.meta).toMatchObject({ page: 1, per_page: 50 });
    expect((await listArticles(t.db, { page: -3, perPage: 0 })).meta).toMatchObject({
      page: 1,
      per_page: 1,
    });
  });
});

describe('GET /v1/blog_articles/slug/:slug', () => {
  it('answers the article with its Markdown and its sanitised HTML', async () => {
    const res = await call(t.app, 'GET', '/v1/blog_articles/slug/hostile-markdown');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({
      slug: 'hostile-markdown',
      title: 'Title of hostile-markdown',
      content: HOSTILE_MARKDOWN,
    });
    const html: string = data.content_html;
    // The page's h1 is the title: the Markdown's becomes h2.
    expect(html).toContain('<h2>Keep your members</h2>');
    expect(html).not.toContain('<h1');
    // Single line breaks are kept as breaks.
    expect(html).toMatch(/First line<br \/>\s*second line/);
    expect(html).not.toMatch(/<script|alert\("x"\)/i);
    expect(html).not.toMatch(/onerror|onclick|style=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('<img src="/images/a.svg" alt="A" loading="lazy" />');
    expect(html).toContain('<a href="https://kora.ng" rel="noopener noreferrer">our site</a>');
    expect(html).toContain('Text stays');
  });

  it('answers 404 Article Not Found for a slug with no article', async () => {
    const res = await call(t.app, 'GET', '/v1/blog_articles/slug/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: ARTICLE_NOT_FOUND, code: 'ARTICLE_NOT_FOUND' });
  });

  it.each([
    ['a NUL byte', '%00'],
    ['a NUL inside', 'first%00article'],
    ['100,000 characters', 'a'.repeat(100_000)],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
    ['broken escapes', '%E0%A4%A'],
    ['upper case', 'First-Article'],
    ['a lone surrogate', '%ED%A0%80'],
    ['SQL', "x'%20or%201=1--"],
  ])('answers %s with a 4xx, never a 5xx', async (_name, slug) => {
    const res = await call(t.app, 'GET', `/v1/blog_articles/slug/${slug}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof json(res).message).toBe('string');
  });

  it('answers null to the server-rendered pages for any text that is not a slug', async () => {
    expect(await articleBySlug(t.db, '__proto__')).toBeNull();
    expect(await articleBySlug(t.db, 'x'.repeat(100_000))).toBeNull();
    expect(await articleBySlug(t.db, 'first\u0000article')).toBeNull();
    expect((await articleBySlug(t.db, 'first-article'))?.title).toBe('Title of first-article');
  });
});
