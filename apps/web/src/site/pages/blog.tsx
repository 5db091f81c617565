import { IconArrowLeft, IconShare } from '@tabler/icons-react';
import {
  ARTICLE_NOT_FOUND,
  ARTICLES_LOAD_FAILED,
  NO_ARTICLES,
  type BlogArticle,
  type BlogArticleSummary,
} from '@kora/shared';
import { cardExcerpt, formatArticleDate, isoInstant } from '../format';
import { FALLBACK_THUMBNAIL, THUMBNAIL_SIZE } from '../site-config';

export const blogPagePath = (page: number) => (page > 1 ? `/blog?page=${page}` : '/blog');

interface BlogListProps {
  articles: BlogArticleSummary[] | null;
  page: number;
  pages: number;
}

export function BlogListPage({ articles, page, pages }: BlogListProps) {
  return (
    <>
      <section className="page-hero" aria-labelledby="blog-title">
        <div className="container">
          <p className="eyebrow">Blog</p>
          <h1 id="blog-title">Ideas for running a better gym</h1>
          <p className="lede">
            Practical guides for gym owners in Nigeria: keeping members, pricing plans in naira, a
            faster front desk and payments that add up.
          </p>
        </div>
      </section>
      <div className="container section-tight">
        {articles === null ? (
          <div className="state">
            <h2>{ARTICLES_LOAD_FAILED}</h2>
            <p>Something went wrong on our side. Please try again in a moment.</p>
            <a className="btn btn-secondary" href={blogPagePath(page)}>
              Try again
            </a>
          </div>
        ) : articles.length === 0 ? (
          <div className="state">
            <h2>{NO_ARTICLES}</h2>
            <p>We are writing our first guides for gym owners. Please check back soon.</p>
            {page > 1 ? (
              <a className="btn btn-secondary" href="/blog">
                Go to the latest articles
              </a>
            ) : null}
          </div>
        ) : (
          <>
            <h2 className="sr-only">Articles</h2>
            <ul className="article-grid">
              {articles.map((article, i) => (
                <ArticleCard key={article.id} article={article} eager={i === 0} />
              ))}
            </ul>
            <BlogPager page={page} pages={pages} />
          </>
        )}
      </div>
    </>
  );
}

function ArticleCard({ article, eager }: { article: BlogArticleSummary; eager: boolean }) {
  return (
    <li className="article-card">
      <Thumbnail src={article.thumbnail} eager={eager} />
      <div className="article-card-body">
        <p className="article-date">
          <time dateTime={isoInstant(article.created_at)}>
            {formatArticleDate(article.created_at)}
          </time>
        </p>
        <h3>{article.title}</h3>
        <p>{cardExcerpt(article.excerpt)}</p>
        <a className="read-more" href={`/blog/${encodeURIComponent(article.slug)}`}>
          Read More<span className="sr-only">: {article.title}</span>
        </a>
      </div>
    </li>
  );
}

/** A decorative picture: the fallback when there is none; the script swaps a broken one. */
function Thumbnail({ src, eager }: { src: string | null; eager: boolean }) {
  return (
    <img
      className="thumbnail"
      src={src || FALLBACK_THUMBNAIL}
      alt=""
      width={THUMBNAIL_SIZE.width}
      height={THUMBNAIL_SIZE.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      data-fallback={FALLBACK_THUMBNAIL}
    />
  );
}

function BlogPager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Blog pages">
      {page > 1 ? (
        <a className="btn btn-secondary" href={blogPagePath(page - 1)} rel="prev">
          Previous page
        </a>
      ) : (
        <span />
      )}
      <p>
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <a className="btn btn-secondary" href={blogPagePath(page + 1)} rel="next">
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

function BackToBlog() {
  return (
    <a className="back-link" href="/blog">
      <IconArrowLeft size={18} aria-hidden="true" focusable="false" />
      Back to Blog
    </a>
  );
}

export function ArticlePage({ article, url }: { article: BlogArticle | null; url: string }) {
  if (!article) {
    return (
      <div className="container section-tight">
        <div className="state">
          <h1>{ARTICLE_NOT_FOUND}</h1>
          <p>This article may have moved or been taken down.</p>
          <BackToBlog />
        </div>
      </div>
    );
  }
  return (
    <article className="container article">
      <BackToBlog />
      <h1>{article.title}</h1>
      <div className="article-meta">
        <p className="article-date">
          <time dateTime={isoInstant(article.created_at)}>
            {formatArticleDate(article.created_at)}
          </time>
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm share-button"
          data-share=""
          data-url={url}
          data-title={article.title}
        >
          <IconShare size={18} aria-hidden="true" focusable="false" />
          Share
        </button>
      </div>
      <p className="share-status" role="status" data-share-status="" />
      <div className="share-fallback" hidden data-share-fallback="">
        <label htmlFor="share-url">Copy this link to share the article</label>
        <input id="share-url" type="text" readOnly value={url} />
      </div>
      {article.thumbnail ? (
        <img
          className="thumbnail article-thumbnail"
          src={article.thumbnail}
          alt=""
          width={THUMBNAIL_SIZE.width}
          height={THUMBNAIL_SIZE.height}
          decoding="async"
          fetchPriority="high"
          data-fallback={FALLBACK_THUMBNAIL}
        />
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.content_html }} />
      <p className="article-end">
        <BackToBlog />
      </p>
    </article>
  );
}
