import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blogArticles } from '../../db/schema';

export type ArticleRow = typeof blogArticles.$inferSelect;
export type ArticleValues = Pick<
  typeof blogArticles.$inferInsert,
  'slug' | 'title' | 'excerpt' | 'thumbnail' | 'content' | 'contentHtml'
>;

/** Everything a card shows (no Markdown, no HTML). */
const summaryColumns = {
  id: blogArticles.id,
  slug: blogArticles.slug,
  title: blogArticles.title,
  excerpt: blogArticles.excerpt,
  thumbnail: blogArticles.thumbnail,
  createdAt: blogArticles.createdAt,
  updatedAt: blogArticles.updatedAt,
};
export type ArticleSummaryRow = Pick<ArticleRow, keyof typeof summaryColumns>;

const newestFirst = [desc(blogArticles.createdAt), desc(blogArticles.id)];

/** One page of summaries, newest first. */
export const listArticles = (
  db: Executor,
  opts: { limit: number; offset: number },
): Promise<ArticleSummaryRow[]> =>
  db
    .select(summaryColumns)
    .from(blogArticles)
    .orderBy(...newestFirst)
    .limit(opts.limit)
    .offset(opts.offset);

export const countArticles = async (db: Executor): Promise<number> =>
  (await db.select({ total: count() }).from(blogArticles))[0]?.total ?? 0;

export const findArticleBySlug = async (
  db: Executor,
  slug: string,
): Promise<ArticleRow | undefined> =>
  (await db.select().from(blogArticles).where(eq(blogArticles.slug, slug)).limit(1))[0];

/** The newest `limit` articles' slugs and when each last changed (the sitemap). */
export const listSlugs = (
  db: Executor,
  limit: number,
): Promise<{ slug: string; updatedAt: Date }[]> =>
  db
    .select({ slug: blogArticles.slug, updatedAt: blogArticles.updatedAt })
    .from(blogArticles)
    .orderBy(...newestFirst)
    .limit(limit);

/**
 * Creates the article of this slug, or updates it (its `updated_at` moves, its `created_at`
 * stays). `created` tells which.
 */
export const upsertArticle = async (
  db: Executor,
  values: ArticleValues,
): Promise<{ row: ArticleRow; created: boolean }> => {
  const [row] = await db
    .insert(blogArticles)
    .values(values)
    .onConflictDoUpdate({
      target: blogArticles.slug,
      set: {
        title: values.title,
        excerpt: values.excerpt,
        thumbnail: values.thumbnail,
        content: values.content,
        contentHtml: values.contentHtml,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      ...summaryColumns,
      content: blogArticles.content,
      contentHtml: blogArticles.contentHtml,
      // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
      inserted: sql<boolean>`(xmax = 0)`,
    });
  const { inserted, ...article } = row!;
  return { row: article, created: inserted === true };
};
