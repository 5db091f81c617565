import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ARTICLE_NOT_FOUND, lagosDay, PRODUCT_NAME, type SitePage } from '@kora/shared';
import type { SiteAssets } from './assets';
import { SiteDocument, type PageHead } from './document';
import { absoluteUrl, isoInstant, isRasterImage, metaDescription } from './format';
import { ArticlePage, BlogListPage, blogPagePath } from './pages/blog';
import { CONTACT_COPY, ContactPage } from './pages/contact';
import { LandingPage } from './pages/landing';
import { NotFoundPage } from './pages/not-found';
import { PrivacyPage } from './pages/privacy';
import { TermsPage } from './pages/terms';
import { OG_IMAGE_PATH } from './site-config';

/*
 * The public site, rendered to HTML on the server (no React in the browser). Built by
 * `vite build --ssr` into dist/server/render.js; the API calls it once per static page at start
 * and per request for the blog. The HTTP status (404 for unknown pages and articles) is the
 * server's to set.
 */

export { loadSiteAssets, type SiteAssets } from './assets';

export type { SitePage } from '@kora/shared';

export interface RenderContext {
  /** The site's origin without a trailing slash: https://kora.ng */
  origin: string;
  assets: SiteAssets;
}

/** The pages the server draws once at start: the shared table of the site's pages. */
export { STATIC_SITE_PAGES } from '@kora/shared';

const titled = (title: string) => `${title} · ${PRODUCT_NAME}`;

/** A page's head and main content. */
function view(page: SitePage, origin: string): { head: PageHead; main: ReactNode } {
  const image = `${origin}${OG_IMAGE_PATH}`;
  switch (page.kind) {
    case 'landing':
      return {
        head: {
          title: `${PRODUCT_NAME}: gym membership and payments software for Nigeria`,
          description:
            'Run your gym on Kora: members, plans, renewals, naira payments and bulk e-mail, SMS and WhatsApp messages. 30-day free trial, no credit card.',
          path: '/',
          image,
        },
        main: <LandingPage />,
      };
    case 'contact': {
      const copy = CONTACT_COPY[page.path];
      return {
        head: {
          title: titled(copy.title),
          description: metaDescription(copy.intro),
          path: page.path,
          image,
        },
        main: <ContactPage path={page.path} />,
      };
    }
    case 'privacy':
      return {
        head: {
          title: titled('Privacy Policy'),
          description:
            'How Kora collects, uses and protects personal data of gyms and their members under the Nigeria Data Protection Act 2023.',
          path: '/privacy',
          image,
        },
        main: <PrivacyPage />,
      };
    case 'terms':
      return {
        head: {
          title: titled('Terms of Service'),
          description:
            'The terms for using Kora, the members, subscriptions and payments back office for gyms in Nigeria.',
          path: '/terms',
          image,
        },
        main: <TermsPage />,
      };
    case 'not-found': {
      const path = page.path.length > 200 ? `${page.path.slice(0, 200)}…` : page.path;
      return {
        head: {
          title: titled('Page not found'),
          description: 'This page does not exist on the Kora website.',
          path: page.path.slice(0, 2000),
          image,
          noindex: true,
        },
        main: <NotFoundPage path={path} />,
      };
    }
    case 'blog': {
      const path = blogPagePath(page.page);
      return {
        head: {
          title: titled(page.page > 1 ? `Blog, page ${page.page}` : 'Blog'),
          description:
            'Practical guides for gym owners in Nigeria: keeping members, pricing plans in naira, a faster front desk and collecting payments.',
          path,
          image,
          noindex: page.articles === null,
        },
        main: <BlogListPage articles={page.articles} page={page.page} pages={page.pages} />,
      };
    }
    case 'article': {
      const path = `/blog/${encodeURIComponent(page.slug)}`;
      const { article } = page;
      if (!article) {
        return {
          head: {
            title: titled(ARTICLE_NOT_FOUND),
            description: 'This article does not exist on the Kora blog.',
            path,
            image,
            noindex: true,
          },
          main: <ArticlePage article={null} url={`${origin}${path}`} />,
        };
      }
      const thumbnail = article.thumbnail && absoluteUrl(origin, article.thumbnail);
      return {
        head: {
          title: titled(article.title),
          description: metaDescription(article.excerpt),
          path,
          image: thumbnail && isRasterImage(thumbnail) ? thumbnail : image,
          type: 'article',
          publishedTime: isoInstant(article.created_at) || undefined,
        },
        main: <ArticlePage article={article} url={`${origin}${path}`} />,
      };
    }
  }
}

/** A whole HTML document for the page, starting with <!doctype html>. */
export function renderSitePage(page: SitePage, ctx: RenderContext): string {
  const origin = ctx.origin.replace(/\/+$/, '');
  const { head, main } = view(page, origin);
  const html = renderToStaticMarkup(
    <SiteDocument
      head={head}
      origin={origin}
      css={ctx.assets.css}
      scripts={ctx.assets.scripts}
      year={Number(lagosDay().slice(0, 4))}
    >
      {main}
    </SiteDocument>,
  );
  return `<!doctype html>${html.replace(/^<!doctype html>/i, '')}`;
}
