import {
  ARTICLE_NOT_FOUND,
  BLOG_LIMITS,
  BLOG_PAGE_SIZE,
  SLUG_PATTERN,
  pageMeta,
  publishArticleSchema,
  type BlogArticle,
  type BlogArticleSummary,
  type PageMeta,
  type PublishArticleInput,
} from '@kora/shared';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isSafeImageSource, renderArticle } from './blog.render';
import * as repo from './blog.repository';

/** The sitemap lists at most this many articles (the newest). */
const SITEMAP_ARTICLES = 5000;
/** The largest page the blog's list answers (the contract's maximum). */
const MAX_PER_PAGE = 50;
const MAX_PAGE = 100_000;

export const THUMBNAIL_NOT_SAFE =
  'Thumbnail must be an https:// address or a path on this site such as /images/blog/my-article.svg';

const articleNotFound = () => notFound(ARTICLE_NOT_FOUND, 'ARTICLE_NOT_FOUND');

const toSummary = (row: repo.ArticleSummaryRow): BlogArticleSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  thumbnail: row.thumbnail,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toArticle = (row: repo.ArticleRow): BlogArticle => ({
  ...toSummary(row),
  content: row.content,
  content_html: row.contentHtml,
});

/** A whole number in [min, max], else `fallback` (the server-side pages pass what the URL says). */
const wholeIn = (value: number, min: number, max: number, fallback: number) =>
  Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** One page of the blog: summaries (no content), newest first. */
export const listArticles = async (
  db: Executor,
  opts: { page: number; perPage: number },
): Promise<{ data: BlogArticleSummary[]; meta: PageMeta }> => {
  const page = wholeIn(opts.page, 1, MAX_PAGE, 1);
  const perPage = wholeIn(opts.perPage, 1, MAX_PER_PAGE, BLOG_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    repo.listArticles(db, { limit: perPage, offset: (page - 1) * perPage }),
    repo.countArticles(db),
  ]);
  return { data: rows.map(toSummary), meta: pageMeta(page, perPage, total) };
};

/** The article of this slug, or null (also for any text that cannot be a slug). */
export const articleBySlug = async (db: Executor, slug: string): Promise<BlogArticle | null> => {
  if (typeof slug !== 'string' || slug.length > BLOG_LIMITS.slug || !SLUG_PATTERN.test(slug))
    return null;
  const row = await repo.findArticleBySlug(db, slug);
  return row ? toArticle(row) : null;
};

/** The article of this slug, or 404 Article Not Found. */
export const getArticle = async (db: Executor, slug: string): Promise<BlogArticle> => {
  const article = await articleBySlug(db, slug);
  if (!article) throw articleNotFound();
  return article;
};

/** Every article the sitemap lists (the newest SITEMAP_ARTICLES): its slug and last change. */
export const sitemapEntries = async (
  db: Executor,
): Promise<{ slug: string; updated_at: string }[]> =>
  (await repo.listSlugs(db, SITEMAP_ARTICLES)).map((r) => ({
    slug: r.slug,
    updated_at: r.updatedAt.toISOString(),
  }));

export const countArticles = (db: Executor): Promise<number> => repo.countArticles(db);

// ---------------------------------------------------------------------------------------------
// Publishing

/** What is wrong with an article: the field (or `file`) and the message. */
export interface ArticleIssue {
  field: string;
  message: string;
}

/**
 * Checks an article (front matter and body) against publishArticleSchema, and that its
 * thumbnail is an https address or a path on this site: the cleaned input, or every issue.
 */
export const validateArticle = (
  raw: Record<string, unknown>,
):
  | { input: PublishArticleInput; issues?: undefined }
  | { input?: undefined; issues: ArticleIssue[] } => {
  const parsed = publishArticleSchema.safeParse(raw);
  const issues: ArticleIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({
        field: i.path.map(String).join('.') || 'article',
        message: i.message,
      }));
  const thumbnail = parsed.success ? parsed.data.thumbnail : undefined;
  if (thumbnail && !isSafeImageSource(thumbnail))
    issues.push({ field: 'thumbnail', message: THUMBNAIL_NOT_SAFE });
  if (issues.length || !parsed.success) return { issues };
  return { input: parsed.data };
};

export interface PublishResult {
  article: BlogArticle;
  /** True when the slug was new; false when an article was updated. */
  created: boolean;
}

/**
 * Publishes validated articles in one transaction: each is created, or updated when its slug
 * exists (its created_at kept). The Markdown is rendered and sanitised here, once.
 */
export const publishArticles = async (
  db: Db,
  inputs: PublishArticleInput[],
): Promise<PublishResult[]> =>
  db.transaction(async (tx) => {
    const results: PublishResult[] = [];
    for (const input of inputs) {
      const { row, created } = await repo.upsertArticle(tx, {
        slug: input.slug,
        title: input.title,
        excerpt: input.excerpt,
        thumbnail: input.thumbnail ?? null,
        content: input.content,
        contentHtml: renderArticle(input.content),
      });
      results.push({ article: toArticle(row), created });
    }
    return results;
  });

/** Publishes one validated article (see publishArticles). */
export const publishArticle = async (db: Db, input: PublishArticleInput): Promise<PublishResult> =>
  (await publishArticles(db, [input]))[0]!;
