import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@kora/shared';
import { SiteFooter, SiteHeader } from './shell';
import { BRAND_COLOUR } from './site-config';

/** What a page says about itself to the browser, search engines and link previews. */
export interface PageHead {
  /** The tab title, whole (`Blog · Kora`). */
  title: string;
  description: string;
  /** The page's own address on this site (`/blog?page=2`): canonical and og:url. */
  path: string;
  /** An absolute picture URL for link previews. */
  image: string;
  type?: 'website' | 'article';
  /** An article's first publication (ISO 8601). */
  publishedTime?: string;
  /** Pages that must not be indexed (not found, a failed load). */
  noindex?: boolean;
}

interface DocumentProps {
  head: PageHead;
  origin: string;
  css: string;
  scripts: string[];
  /** The year in the copyright line. */
  year: number;
  children: ReactNode;
}

/** A stylesheet can never close its own <style> element. */
const safeCss = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/** The whole page: head, skip link, header, the page's main content, footer. */
export function SiteDocument({ head, origin, css, scripts, year, children }: DocumentProps) {
  const url = `${origin}${head.path}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? (
          <meta name="robots" content="noindex" />
        ) : (
          <link rel="canonical" href={url} />
        )}
        <meta name="theme-color" content={BRAND_COLOUR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta property="og:site_name" content={PRODUCT_NAME} />
        <meta property="og:type" content={head.type ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={head.image} />
        <meta property="og:locale" content="en_NG" />
        {head.publishedTime ? (
          <meta property="article:published_time" content={head.publishedTime} />
        ) : null}
        <meta name="twitter:card" content="summary_large_image" />
        <style dangerouslySetInnerHTML={{ __html: safeCss(css) }} />
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter year={year} />
      </body>
    </html>
  );
}
