import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_NOT_FOUND,
  ARTICLES_LOAD_FAILED,
  CONTACT_HONEYPOT,
  CONTACT_NEEDS,
  DISCOVERY_SOURCES,
  MEMBER_COUNT_OPTIONS,
  NO_ARTICLES,
  type BlogArticle,
  type BlogArticleSummary,
} from '@kora/shared';
import { loadSiteAssets, renderSitePage, STATIC_SITE_PAGES, type SitePage } from './render';
import { ASSETS, meta, ORIGIN, parsePage, renderHtml } from './test-utils';

const summary = (over: Partial<BlogArticleSummary> = {}): BlogArticleSummary => ({
  id: 1,
  slug: 'keep-members-after-january',
  title: 'Keep your members after January',
  excerpt: 'January brings new members. Here is how to keep them.',
  thumbnail: '/images/blog/keep-members-after-january.svg',
  // 23:30 UTC on 6 July is already 7 July in Lagos.
  created_at: '2025-07-06T23:30:00.000Z',
  updated_at: '2025-07-06T23:30:00.000Z',
  ...over,
});
const article = (over: Partial<BlogArticle> = {}): BlogArticle => ({
  ...summary(),
  content: 'Line one\nLine two',
  content_html: '<p>Line one<br>Line two</p><h2>Plans</h2>',
  ...over,
});

const text = (doc: Document) => doc.body.textContent ?? '';
const links = (doc: Document) =>
  Array.from(doc.querySelectorAll('a'), (a) => [a.textContent?.trim(), a.getAttribute('href')]);

const ALL_PAGES: SitePage[] = [
  ...STATIC_SITE_PAGES.map((p) => p.page),
  { kind: 'not-found', path: '/nowhere' },
  { kind: 'blog', articles: [summary()], page: 1, pages: 1 },
  { kind: 'blog', articles: [], page: 1, pages: 1 },
  { kind: 'blog', articles: null, page: 1, pages: 1 },
  { kind: 'article', slug: 'x', article: article() },
  { kind: 'article', slug: 'x', article: null },
];

describe('every page', () => {
  it.each(ALL_PAGES.map((page) => [page.kind, page] as const))(
    '%s is a whole document: language, skip link, landmarks, one h1, no skipped heading level',
    (_kind, page) => {
      const html = renderHtml(page);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      const doc = parsePage(page);
      expect(doc.documentElement.lang).toBe('en');
      expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
      expect(meta(doc, 'theme-color')).toBe('#0f766e');
      expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
      expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
      expect(meta(doc, 'og:site_name')).toBe('Kora');
      expect(meta(doc, 'og:image')).toMatch(/^https:\/\/kora\.ng\//);
      expect(meta(doc, 'description')?.length).toBeGreaterThan(30);

      const skip = doc.body.firstElementChild as HTMLAnchorElement;
      expect(skip.textContent).toBe('Skip to main content');
      expect(skip.getAttribute('href')).toBe('#main');
      expect(doc.querySelector('main#main')).not.toBeNull();
      expect(doc.querySelector('header')).not.toBeNull();
      expect(doc.querySelector('footer')).not.toBeNull();

      const levels = Array.from(doc.querySelectorAll('h1, h2, h3, h4'), (h) =>
        Number(h.tagName[1]),
      );
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      levels.forEach((level, i) => expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));

      // Only the site's own script, as a module; the style inlined; no back-office code.
      const scripts = Array.from(doc.querySelectorAll('script'));
      expect(scripts.map((s) => [s.type, s.getAttribute('src')])).toEqual([
        ['module', '/assets/site-test.js'],
      ]);
      expect(doc.querySelector('style')?.textContent).toBe(ASSETS.css);
      expect(html).not.toMatch(/mantine|id="root"/i);
      for (const img of Array.from(doc.querySelectorAll('img'))) {
        expect(img.hasAttribute('alt')).toBe(true);
        expect(img.getAttribute('width')).toBeTruthy();
        expect(img.getAttribute('height')).toBeTruthy();
      }
    },
  );

  it('the header links to the landing sections from every page, the blog, contact, log in and sign up', () => {
    const doc = parsePage({ kind: 'privacy' });
    const nav = doc.querySelector('header nav')!;
    expect(
      Array.from(nav.querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Features', '/#features'],
      ['Benefits', '/#benefits'],
      ['Testimonials', '/#testimonials'],
      ['Pricing', '/#pricing'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
      ['Log in', '/login'],
      ['Get Started', '/signup'],
    ]);
    const button = doc.querySelector('header button')!;
    expect(button.textContent).toBe('Menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
  });

  it('the footer links to the policies, the blog and contact, with the year', () => {
    const footer = parsePage({ kind: 'landing' }).querySelector('footer')!;
    const hrefs = Array.from(footer.querySelectorAll('a'), (a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ['Privacy Policy', '/privacy'],
        ['Terms of Service', '/terms'],
        ['Blog', '/blog'],
        ['Contact', '/contact'],
      ]),
    );
    expect(footer.textContent).toMatch(new RegExp(`© ${new Date().getFullYear()} Kora`));
  });

  it('lists the five static pages the server renders once', () => {
    expect(STATIC_SITE_PAGES.map((p) => p.path)).toEqual([
      '/',
      '/contact',
      '/contact-sales',
      '/privacy',
      '/terms',
    ]);
  });

  it('takes an origin with a trailing slash', () => {
    const html = renderSitePage({ kind: 'terms' }, { origin: `${ORIGIN}/`, assets: ASSETS });
    expect(html).toContain('<link rel="canonical" href="https://kora.ng/terms"/>');
  });
});

describe('landing page', () => {
  const doc = parsePage({ kind: 'landing' });

  it('names itself for search engines and link previews', () => {
    expect(doc.title).toBe('Kora: gym membership and payments software for Nigeria');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://kora.ng/',
    );
    expect(meta(doc, 'og:url')).toBe('https://kora.ng/');
    expect(meta(doc, 'og:type')).toBe('website');
    expect(meta(doc, 'og:title')).toBe(doc.title);
    expect(meta(doc, 'og:description')).toBe(meta(doc, 'description'));
    expect(meta(doc, 'og:image')).toBe('https://kora.ng/og/kora-1200x630.png');
  });

  it('opens with the headline, the two ways in and the marketing claims', () => {
    const hero = doc.querySelector('.hero')!;
    expect(hero.querySelector('h1')?.textContent).toBe('Run your gym, not spreadsheets');
    expect(links(doc)).toEqual(
      expect.arrayContaining([
        ['Get Started', '/signup'],
        ['Talk to sales', '/contact-sales'],
      ]),
    );
    expect(hero.textContent).toContain('1-month (30-day) free trial');
    expect(hero.textContent).toContain('No credit card');
    expect(hero.textContent).toContain('Cancel anytime');
  });

  it("shows the specification's figures", () => {
    const figures = Array.from(doc.querySelectorAll('.figure-list li'), (li) => li.textContent);
    expect(figures).toEqual([
      '500+ gyms',
      '98% satisfaction',
      '₦100M+ processed',
      '15+ hours saved weekly',
      '35% better retention',
      '100%+ revenue increase',
    ]);
  });

  it('has the in-page sections the header points at, with eight features and four benefits', () => {
    for (const id of ['features', 'benefits', 'testimonials', 'pricing', 'contact']) {
      expect(doc.getElementById(id)?.tagName).toBe('SECTION');
    }
    expect(doc.querySelectorAll('#features li h3')).toHaveLength(8);
    expect(doc.querySelectorAll('#benefits li h3')).toHaveLength(4);
    expect(doc.getElementById('benefits')?.textContent).toMatch(/15\+ hours.*35%.*100%\+/s);
    // Icons are decoration.
    for (const svg of Array.from(doc.querySelectorAll('#features svg'))) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
    expect(links(doc)).toContainEqual(['Contact us', '/contact']);
  });

  it('carries three testimonials, the first one showing, with labelled controls', () => {
    const slides = doc.querySelectorAll('[data-slide]');
    expect(slides).toHaveLength(3);
    expect(Array.from(slides, (s) => (s as HTMLElement).hidden)).toEqual([false, true, true]);
    expect(Array.from(slides, (s) => s.querySelector('figcaption strong')?.textContent)).toEqual([
      'Adaeze Okafor',
      'Tunde Balogun',
      'Hauwa Abdullahi',
    ]);
    expect(doc.querySelector('[data-slides]')?.getAttribute('aria-live')).toBe('off');
    const labels = Array.from(doc.querySelectorAll('.carousel button'), (b) =>
      b.getAttribute('aria-label'),
    );
    expect(labels).toEqual([
      'Stop automatic rotation',
      'Previous testimonial',
      'Show testimonial 1: Adaeze Okafor',
      'Show testimonial 2: Tunde Balogun',
      'Show testimonial 3: Hauwa Abdullahi',
      'Next testimonial',
    ]);
  });

  it('prices the plans in naira, annual by default, with the monthly prices ready', () => {
    const pricing = doc.getElementById('pricing')!;
    const [annual, monthly] = Array.from(pricing.querySelectorAll('[data-billing-option]'));
    expect(annual?.textContent).toBe('Annual');
    expect(annual?.getAttribute('aria-pressed')).toBe('true');
    expect(monthly?.getAttribute('aria-pressed')).toBe('false');

    const plans = Array.from(pricing.querySelectorAll('.plan'), (plan) => {
      const price = plan.querySelector<HTMLElement>('.price [data-annual]')!;
      return [plan.querySelector('h3')?.textContent, price.textContent, price.dataset.monthly];
    });
    expect(plans).toEqual([
      ['Starter', '₦25,000', '₦30,000'],
      ['Premium', '₦45,000', '₦55,000'],
      ['Enterprise', '₦85,000', '₦100,000'],
    ]);
    expect(pricing.textContent).toContain('Annual saves 20%');
    expect(pricing.textContent).toContain('30-day free trial, no credit card');
    expect(pricing.querySelector('.plan-popular h3')?.textContent).toBe('Premium');
    expect(pricing.querySelector('.plan-popular')?.textContent).toContain('Most popular');
    expect(pricing.textContent).toContain('under 100 members');
    expect(pricing.textContent).toContain('over 100 members');
    expect(
      Array.from(pricing.querySelectorAll('.plan a'), (a) => [
        a.textContent,
        a.getAttribute('href'),
      ]),
    ).toEqual([
      ['Get Started', '/signup'],
      ['Get Started', '/signup'],
      ['Contact sales', '/contact-sales'],
    ]);
    // Without the script, each card still names its other price.
    expect(pricing.querySelector('.plan .price-other')?.textContent).toBe(
      '₦30,000 a month when billed monthly',
    );
  });
});

describe('blog list', () => {
  it('shows a card per article: picture, Lagos date, title, excerpt, Read More with the title', () => {
    const long = 'a'.repeat(149) + 'bcdefg';
    const doc = parsePage({
      kind: 'blog',
      articles: [
        summary({ excerpt: long }),
        summary({ id: 2, slug: 'second', title: 'Second', thumbnail: null }),
      ],
      page: 1,
      pages: 1,
    });
    expect(doc.title).toBe('Blog · Kora');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://kora.ng/blog',
    );
    expect(doc.querySelector('h1')?.textContent).toBeTruthy();
    const [first, second] = Array.from(doc.querySelectorAll('.article-card'));
    expect(first?.querySelector('time')?.textContent).toBe('7 July 2025');
    expect(first?.querySelector('h3')?.textContent).toBe('Keep your members after January');
    expect(first?.querySelector('p:not(.article-date)')?.textContent).toBe(`${'a'.repeat(149)}b…`);
    const more = first!.querySelector('a')!;
    expect(more.getAttribute('href')).toBe('/blog/keep-members-after-january');
    expect(more.textContent).toBe('Read More: Keep your members after January');
    expect(more.querySelector('.sr-only')?.textContent).toBe(': Keep your members after January');

    const [img1, img2] = Array.from(doc.querySelectorAll<HTMLImageElement>('.article-card img'));
    expect(img1?.getAttribute('src')).toBe('/images/blog/keep-members-after-january.svg');
    expect(img1?.getAttribute('loading')).toBe('eager');
    expect(img2?.getAttribute('src')).toBe('/images/blog/fallback.svg');
    expect(img2?.getAttribute('loading')).toBe('lazy');
    expect(img2?.getAttribute('decoding')).toBe('async');
    expect(img2?.dataset.fallback).toBe('/images/blog/fallback.svg');
    // A short excerpt shows whole.
    expect(second?.querySelector('p:not(.article-date)')?.textContent).toBe(
      'January brings new members. Here is how to keep them.',
    );
    expect(doc.querySelector('.pager')).toBeNull();
  });

  it('escapes a hostile title instead of running it', () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const html = renderHtml({
      kind: 'blog',
      articles: [summary({ title: hostile, excerpt: hostile })],
      page: 1,
      pages: 1,
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.body.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelector('.article-card h3')?.textContent).toBe(hostile);
  });

  it('links the previous and next pages when there are several', () => {
    const doc = parsePage({ kind: 'blog', articles: [summary()], page: 2, pages: 3 });
    expect(doc.title).toBe('Blog, page 2 · Kora');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://kora.ng/blog?page=2',
    );
    const pager = doc.querySelector('nav.pager')!;
    expect(
      Array.from(pager.querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Previous page', '/blog'],
      ['Next page', '/blog?page=3'],
    ]);
    expect(pager.textContent).toContain('Page 2 of 3');
  });

  it('says No Articles Yet when there are none', () => {
    const doc = parsePage({ kind: 'blog', articles: [], page: 1, pages: 0 });
    expect(doc.querySelector('h2')?.textContent).toBe(NO_ARTICLES);
    expect(text(doc)).toContain('check back soon');
    expect(doc.querySelectorAll('.article-card')).toHaveLength(0);
  });

  it('says Unable to Load Articles when loading failed, and is not indexed', () => {
    const doc = parsePage({ kind: 'blog', articles: null, page: 1, pages: 1 });
    expect(doc.querySelector('h2')?.textContent).toBe(ARTICLES_LOAD_FAILED);
    expect(links(doc)).toContainEqual(['Try again', '/blog']);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('blog article', () => {
  it('shows title, date, Share, picture, the content as the server made it, and Back to Blog', () => {
    const doc = parsePage({
      kind: 'article',
      slug: 'keep-members-after-january',
      article: article(),
    });
    expect(doc.title).toBe('Keep your members after January · Kora');
    expect(doc.querySelector('h1')?.textContent).toBe('Keep your members after January');
    expect(doc.querySelector('article time')?.textContent).toBe('7 July 2025');
    const share = doc.querySelector<HTMLButtonElement>('[data-share]')!;
    expect(share.textContent).toBe('Share');
    expect(share.dataset.url).toBe('https://kora.ng/blog/keep-members-after-january');
    expect(doc.querySelector('[data-share-status]')?.getAttribute('role')).toBe('status');
    expect(doc.querySelector('.prose')?.innerHTML).toBe(
      '<p>Line one<br>Line two</p><h2>Plans</h2>',
    );
    expect(doc.querySelector('article img')?.getAttribute('src')).toBe(
      '/images/blog/keep-members-after-january.svg',
    );
    expect(links(doc)).toContainEqual(['Back to Blog', '/blog']);
  });

  it('describes itself as an article with its publication time', () => {
    const doc = parsePage({
      kind: 'article',
      slug: 'keep-members-after-january',
      article: article(),
    });
    expect(meta(doc, 'og:type')).toBe('article');
    expect(meta(doc, 'article:published_time')).toBe('2025-07-06T23:30:00.000Z');
    expect(meta(doc, 'og:url')).toBe('https://kora.ng/blog/keep-members-after-january');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://kora.ng/blog/keep-members-after-january',
    );
    expect(meta(doc, 'description')).toBe('January brings new members. Here is how to keep them.');
    // An SVG thumbnail is no link preview: the site's picture stands in.
    expect(meta(doc, 'og:image')).toBe('https://kora.ng/og/kora-1200x630.png');
  });

  it('uses a raster thumbnail as the link preview, made absolute', () => {
    const local = parsePage({
      kind: 'article',
      slug: 'x',
      article: article({ thumbnail: '/uploads/a.png' }),
    });
    expect(meta(local, 'og:image')).toBe('https://kora.ng/uploads/a.png');
    const remote = parsePage({
      kind: 'article',
      slug: 'x',
      article: article({ thumbnail: 'https://cdn.example.com/a.jpg?w=1200' }),
    });
    expect(meta(remote, 'og:image')).toBe('https://cdn.example.com/a.jpg?w=1200');
  });

  it('says Article Not Found with a way back, and is not indexed', () => {
    const doc = parsePage({ kind: 'article', slug: '<b>nope</b>', article: null });
    expect(doc.querySelector('h1')?.textContent).toBe(ARTICLE_NOT_FOUND);
    expect(doc.title).toBe('Article Not Found · Kora');
    expect(links(doc)).toContainEqual(['Back to Blog', '/blog']);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('[data-share]')).toBeNull();
  });
});

describe('contact pages', () => {
  it.each([
    ['/contact', 'Contact us · Kora'],
    ['/contact-sales', 'Contact sales · Kora'],
  ] as const)('%s is the sales form titled %s', (path, title) => {
    const doc = parsePage({ kind: 'contact', path });
    expect(doc.title).toBe(title);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `https://kora.ng${path}`,
    );
    const form = doc.querySelector('form')!;
    // Never a GET with the visitor's data in the address.
    expect(form.getAttribute('method')).toBe('post');
    const label = (id: string) => doc.querySelector(`label[for="${id}"]`)?.textContent;
    expect(label('business_name')).toBe('Business name *');
    expect(label('business_email')).toBe('Business e-mail *');
    expect(label('contact_number')).toBe('Phone number (optional)');
    expect(label('additional_information')).toBe('Message (optional)');
    const options = (id: string) =>
      Array.from(doc.querySelectorAll(`#${id} option`), (o) => o.textContent).slice(1);
    expect(options('member_stats')).toEqual(MEMBER_COUNT_OPTIONS.map((o) => o.label));
    expect(options('how_you_found_us')).toEqual(DISCOVERY_SOURCES.map((o) => o.label));
    expect(Array.from(doc.querySelectorAll('[name="features"]'), (b) => label(b.id))).toEqual(
      CONTACT_NEEDS.map((n) => n.label),
    );
    expect(doc.querySelector('fieldset legend')?.textContent).toContain(
      'What do you need help with?',
    );
    expect(doc.querySelector('[data-submit]')?.textContent).toBe('Send request');
  });

  it('hides the honeypot from people and screen readers', () => {
    const doc = parsePage({ kind: 'contact', path: '/contact' });
    const trap = doc.querySelector<HTMLInputElement>(`input[name="${CONTACT_HONEYPOT}"]`)!;
    expect(trap).not.toBeNull();
    expect(trap.getAttribute('tabindex')).toBe('-1');
    expect(trap.getAttribute('autocomplete')).toBe('off');
    const wrapper = trap.closest('.hp')!;
    expect(wrapper.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('policy pages', () => {
  it('the privacy policy covers the NDPA basics', () => {
    const doc = parsePage({ kind: 'privacy' });
    expect(doc.title).toBe('Privacy Policy · Kora');
    const body = text(doc);
    for (const words of [
      'Effective 7 July 2025',
      'Nigeria Data Protection Act 2023',
      'data controller',
      'data processor',
      'Emergency contact',
      'Legitimate interest',
      'Consent',
      'Legal obligation',
      'within 90 days',
      'portable',
      'Nigeria Data Protection Commission',
      'privacy@kora.ng',
      'within 30 days',
      '72 hours',
      'no cookies',
      '18 or older',
      // A gym member uses their rights on their gym's member page.
      'Open your gym’s member page',
      'kora.ng/m/YOURGYM',
      'Download my data',
      'Object to marketing',
      'Erase my data',
    ]) {
      expect(body, words).toContain(words);
    }
  });

  it('the terms are governed by Nigerian law and need an adult', () => {
    const doc = parsePage({ kind: 'terms' });
    expect(doc.title).toBe('Terms of Service · Kora');
    const body = text(doc);
    for (const words of [
      'Effective 7 July 2025',
      '18 or older',
      'laws of the Federal Republic of Nigeria',
      '30-day free trial',
      'Acceptable use',
    ]) {
      expect(body, words).toContain(words);
    }
  });
});

describe('not found', () => {
  it('says Page not found, shows the address escaped and links home, blog and log in', () => {
    const doc = parsePage({ kind: 'not-found', path: '/<script>x</script>' });
    expect(doc.querySelector('h1')?.textContent).toBe('Page not found');
    expect(doc.querySelector('main code')?.textContent).toBe('/<script>x</script>');
    expect(doc.body.querySelectorAll('script')).toHaveLength(0);
    expect(meta(doc, 'robots')).toBe('noindex');
    const main = Array.from(doc.querySelectorAll('main a'), (a) => a.getAttribute('href'));
    expect(main).toEqual(['/', '/blog', '/login']);
  });
});

describe('loadSiteAssets', () => {
  it("reads the site entry's script and stylesheet from the client build's manifest", () => {
    const dist = mkdtempSync(join(tmpdir(), 'kora-site-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'site-abc.css'), 'body{margin:0}');
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-x.js', isEntry: true },
        'src/site/client.ts': {
          file: 'assets/site-abc.js',
          isEntry: true,
          css: ['assets/site-abc.css'],
        },
      }),
    );
    expect(loadSiteAssets(dist)).toEqual({
      css: 'body{margin:0}',
      scripts: ['/assets/site-abc.js'],
    });
  });

  it('fails loudly when the build has no site entry', () => {
    const dist = mkdtempSync(join(tmpdir(), 'kora-site-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    expect(() => loadSiteAssets(dist)).toThrow(/src\/site\/client\.ts/);
  });
});
