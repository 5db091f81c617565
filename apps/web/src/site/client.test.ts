import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media-query';
import { SCROLL_DELAY_MS } from './client/anchors';
import { ROTATE_MS } from './client/carousel';
import { COPY_YOURSELF, LINK_COPIED } from './client/share';
import type { BlogArticle } from '@kora/shared';
import { mountPage } from './test-utils';

/* The browser script on the rendered pages, in jsdom: what a visitor sees change. */

let controller: AbortController | undefined;
afterEach(() => {
  controller?.abort();
  controller = undefined;
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
});

const reducedMotion = () =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query) => fakeMediaQueryList(query, query.includes('reduce')));

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector)!;
const $$ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  Array.from(document.querySelectorAll<T>(selector));

describe('pricing toggle', () => {
  it('Monthly switches every price, note and pressed state; Annual switches them back', () => {
    controller = mountPage({ kind: 'landing' });
    const [annual, monthly] = $$<HTMLButtonElement>('[data-billing-option]');
    const prices = () => $$('.plan .price > :first-child').map((p) => p.textContent);
    const notes = () => $$('.plan .price-note').map((p) => p.textContent);
    expect(prices()).toEqual(['₦25,000', '₦45,000', '₦85,000']);

    monthly!.click();
    expect(prices()).toEqual(['₦30,000', '₦55,000', '₦100,000']);
    expect(notes()).toEqual(Array(3).fill('per month, billed monthly'));
    expect($('.plan .price-other').textContent).toBe('₦25,000 a month when billed annually');
    expect(monthly!.getAttribute('aria-pressed')).toBe('true');
    expect(annual!.getAttribute('aria-pressed')).toBe('false');

    annual!.click();
    expect(prices()).toEqual(['₦25,000', '₦45,000', '₦85,000']);
    expect(notes()).toEqual(Array(3).fill('per month, billed annually'));
    expect(annual!.getAttribute('aria-pressed')).toBe('true');
    expect(monthly!.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('testimonials', () => {
  const showing = () => $$('[data-slide]').findIndex((s) => !s.hidden);
  const live = () => $('[data-slides]').getAttribute('aria-live');

  it('moves to the next testimonial every few seconds, silently, and wraps around', () => {
    vi.useFakeTimers();
    controller = mountPage({ kind: 'landing' });
    expect(showing()).toBe(0);
    expect(live()).toBe('off');
    vi.advanceTimersByTime(ROTATE_MS - 1);
    expect(showing()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(showing()).toBe(1);
    expect($$('[data-slide]').filter((s) => !s.hidden)).toHaveLength(1);
    expect($$('[data-carousel-dot]').map((d) => d.getAttribute('aria-current'))).toEqual([
      null,
      'true',
      null,
    ]);
    vi.advanceTimersByTime(2 * ROTATE_MS);
    expect(showing()).toBe(0);
  });

  it('pauses while the pointer is over it, and announces politely then', () => {
    vi.useFakeTimers();
    controller = mountPage({ kind: 'landing' });
    const carousel = $('[data-carousel]');
    carousel.dispatchEvent(new MouseEvent('mouseenter'));
    expect(live()).toBe('polite');
    vi.advanceTimersByTime(5 * ROTATE_MS);
    expect(showing()).toBe(0);
    carousel.dispatchEvent(new MouseEvent('mouseleave'));
    expect(live()).toBe('off');
    vi.advanceTimersByTime(ROTATE_MS);
    expect(showing()).toBe(1);
  });

  it('pauses while the focus is inside it', () => {
    vi.useFakeTimers();
    controller = mountPage({ kind: 'landing' });
    const next = $<HTMLButtonElement>('[data-carousel-next]');
    next.focus();
    vi.advanceTimersByTime(5 * ROTATE_MS);
    expect(showing()).toBe(0);
    next.click();
    expect(showing()).toBe(1);
    expect(live()).toBe('polite');
    $<HTMLButtonElement>('[data-carousel-prev]').focus(); // still inside
    vi.advanceTimersByTime(5 * ROTATE_MS);
    expect(showing()).toBe(1);
    $<HTMLAnchorElement>('.plan a').focus(); // out
    vi.advanceTimersByTime(ROTATE_MS);
    expect(showing()).toBe(2);
  });

  it('the Stop button stops the rotation for good; Start resumes it', () => {
    vi.useFakeTimers();
    controller = mountPage({ kind: 'landing' });
    const toggle = $<HTMLButtonElement>('[data-carousel-toggle]');
    toggle.click();
    toggle.blur();
    $('[data-carousel]').dispatchEvent(new MouseEvent('mouseleave'));
    expect(toggle.getAttribute('aria-label')).toBe('Start automatic rotation');
    vi.advanceTimersByTime(10 * ROTATE_MS);
    expect(showing()).toBe(0);
    toggle.click();
    toggle.blur();
    expect(toggle.getAttribute('aria-label')).toBe('Stop automatic rotation');
    vi.advanceTimersByTime(ROTATE_MS);
    expect(showing()).toBe(1);
  });

  it('previous, next and the dots choose a testimonial', () => {
    controller = mountPage({ kind: 'landing' });
    $<HTMLButtonElement>('[data-carousel-prev]').click();
    expect(showing()).toBe(2);
    $<HTMLButtonElement>('[data-carousel-next]').click();
    expect(showing()).toBe(0);
    $$<HTMLButtonElement>('[data-carousel-dot]')[1]!.click();
    expect(showing()).toBe(1);
    expect($$('[data-carousel-dot]')[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('never moves by itself when the visitor prefers reduced motion', () => {
    reducedMotion();
    vi.useFakeTimers();
    controller = mountPage({ kind: 'landing' });
    expect($('[data-carousel-toggle]').hidden).toBe(true);
    expect(live()).toBe('polite');
    vi.advanceTimersByTime(20 * ROTATE_MS);
    expect(showing()).toBe(0);
    $('[data-carousel]').dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(20 * ROTATE_MS);
    expect(showing()).toBe(0);
    $<HTMLButtonElement>('[data-carousel-next]').click();
    expect(showing()).toBe(1);
  });

  it('without scripting, the stylesheet shows all three and the header links', () => {
    const css = readFileSync(resolve(process.cwd(), 'src/site/site.css'), 'utf8');
    const noScript = css
      .split('@media (scripting: none)')
      .slice(1)
      .map((block) => block.slice(0, block.indexOf('\n}')))
      .join('\n');
    expect(noScript).toMatch(/\.slide\[hidden\]\s*{\s*visibility: visible;/);
    expect(noScript).toMatch(/\.carousel-controls\s*{\s*display: none;/);
    expect(noScript).toMatch(/\.menu-button\s*{\s*display: none;/);
    expect(noScript).toMatch(/\.site-nav\s*{\s*display: block;/);
  });
});

describe('phone menu', () => {
  it('the Menu button opens and closes the links', () => {
    controller = mountPage({ kind: 'privacy' });
    const button = $<HTMLButtonElement>('[data-menu-button]');
    const nav = $('#site-nav');
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.hasAttribute('data-open')).toBe(true);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hasAttribute('data-open')).toBe(false);
  });

  it('closes on Escape (focus back on the button), on a link and on a click outside', () => {
    controller = mountPage({ kind: 'privacy' });
    const button = $<HTMLButtonElement>('[data-menu-button]');
    button.click();
    $('#site-nav a').focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    button.click();
    $('main').click();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.click();
    const blog = $$<HTMLAnchorElement>('#site-nav a').find((a) => a.textContent === 'Blog')!;
    blog.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
    blog.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('in-page links', () => {
  it('scroll to their section after a short delay, smoothly, and move the focus there', () => {
    vi.useFakeTimers();
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    scroll.mockClear();
    controller = mountPage({ kind: 'landing' });
    const pricing = $$<HTMLAnchorElement>('#site-nav a').find((a) => a.textContent === 'Pricing')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    pricing.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scroll.mock.contexts[0]).toBe($('#pricing'));
    expect(document.activeElement).toBe($('#pricing'));
    expect(location.hash).toBe('#pricing');
    history.replaceState(null, '', '/');
  });

  it('jump without animation when the visitor prefers reduced motion', () => {
    reducedMotion();
    vi.useFakeTimers();
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    scroll.mockClear();
    controller = mountPage({ kind: 'landing' });
    $$<HTMLAnchorElement>('#site-nav a')
      .find((a) => a.textContent === 'Features')!
      .click();
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    history.replaceState(null, '', '/');
  });

  it('a visitor arriving at /#testimonials is brought there after the delay', () => {
    history.replaceState(null, '', '/#testimonials');
    vi.useFakeTimers();
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    scroll.mockClear();
    controller = mountPage({ kind: 'landing' });
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scroll.mock.contexts[0]).toBe($('#testimonials'));
    history.replaceState(null, '', '/');
  });
});

describe('blog pictures', () => {
  const summary = {
    id: 1,
    slug: 'a',
    title: 'A',
    excerpt: 'An excerpt',
    thumbnail: '/uploads/gone.png',
    created_at: '2025-07-07T10:00:00Z',
    updated_at: '2025-07-07T10:00:00Z',
  };

  it('a picture that fails to load is replaced by the fallback', () => {
    controller = mountPage({ kind: 'blog', articles: [summary], page: 1, pages: 1 });
    const img = $<HTMLImageElement>('.article-card img');
    expect(img.getAttribute('src')).toBe('/uploads/gone.png');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/images/blog/fallback.svg');
    // The fallback failing too does not loop.
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/images/blog/fallback.svg');
  });

  it('a picture that had already failed before the script ran is replaced too; a good one is not', () => {
    const broken = {
      complete: true,
      naturalWidth: 0,
      currentSrc: 'https://kora.ng/uploads/gone.png',
    };
    const loaded = { complete: true, naturalWidth: 1200, currentSrc: 'https://kora.ng/ok.png' };
    const states = new Map<string, typeof broken>([
      ['/uploads/gone.png', broken],
      ['/ok.png', loaded],
    ]);
    const state = (img: HTMLImageElement) => states.get(img.getAttribute('src') ?? '');
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      return state(this)?.complete ?? false;
    });
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      return state(this)?.naturalWidth ?? 0;
    });
    vi.spyOn(HTMLImageElement.prototype, 'currentSrc', 'get').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      return state(this)?.currentSrc ?? '';
    });
    controller = mountPage({
      kind: 'blog',
      articles: [summary, { ...summary, id: 2, slug: 'b', thumbnail: '/ok.png' }],
      page: 1,
      pages: 1,
    });
    const [first, second] = $$<HTMLImageElement>('.article-card img');
    expect(first!.getAttribute('src')).toBe('/images/blog/fallback.svg');
    expect(second!.getAttribute('src')).toBe('/ok.png');
  });
});

describe('share', () => {
  const article: BlogArticle = {
    id: 1,
    slug: 'price-your-plans-in-naira',
    title: 'Price your plans in naira',
    excerpt: 'How to price.',
    thumbnail: null,
    created_at: '2025-07-07T10:00:00Z',
    updated_at: '2025-07-07T10:00:00Z',
    content: 'x',
    content_html: '<p>x</p>',
  };
  const url = 'https://kora.ng/blog/price-your-plans-in-naira';
  const status = () => $('[data-share-status]').textContent;

  it("uses the phone's share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    controller = mountPage({ kind: 'article', slug: article.slug, article });
    $<HTMLButtonElement>('[data-share]').click();
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: article.title, url }));
    expect(writeText).not.toHaveBeenCalled();
    expect(status()).toBe('');
  });

  it('otherwise copies the link and says "Link copied"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    controller = mountPage({ kind: 'article', slug: article.slug, article });
    $<HTMLButtonElement>('[data-share]').click();
    await vi.waitFor(() => expect(status()).toBe(LINK_COPIED));
    expect(writeText).toHaveBeenCalledWith(url);
    expect($('[data-share-status]').getAttribute('role')).toBe('status');
  });

  it('when the clipboard is refused, shows the link selected in a field to copy by hand', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    controller = mountPage({ kind: 'article', slug: article.slug, article });
    $<HTMLButtonElement>('[data-share]').click();
    await vi.waitFor(() => expect(status()).toBe(COPY_YOURSELF));
    const field = $<HTMLInputElement>('#share-url');
    expect($('[data-share-fallback]').hidden).toBe(false);
    expect(field.value).toBe(url);
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(url.length);
  });
});
