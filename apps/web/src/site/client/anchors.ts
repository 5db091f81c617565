import { prefersReducedMotion } from './dom';

/** How long the page waits before scrolling to a section (the layout settles first). */
export const SCROLL_DELAY_MS = 150;

/**
 * In-page links (/#pricing on the landing page) scroll to their section after a short delay,
 * smoothly unless the visitor prefers reduced motion, and move the focus there. A visitor
 * arriving from another page with /#pricing is brought there the same way.
 */
export function initAnchors(doc: Document, signal: AbortSignal): void {
  const win = doc.defaultView ?? window;
  let timer: number | undefined;
  signal.addEventListener('abort', () => win.clearTimeout(timer));

  const scrollTo = (hash: string, focus: boolean): boolean => {
    let id = '';
    try {
      id = decodeURIComponent(hash.replace(/^#/, ''));
    } catch {
      return false;
    }
    const target = id ? doc.getElementById(id) : null;
    if (!target) return false;
    win.clearTimeout(timer);
    timer = win.setTimeout(() => {
      target.scrollIntoView({
        behavior: prefersReducedMotion(win) ? 'auto' : 'smooth',
        block: 'start',
      });
      if (focus) target.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return true;
  };

  if (win.location.hash) scrollTo(win.location.hash, false);

  doc.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href, win.location.href);
      const here = win.location;
      if (url.origin !== here.origin || url.pathname !== here.pathname || !url.hash) return;
      if (!scrollTo(url.hash, true)) return;
      event.preventDefault();
      if (url.hash !== here.hash) win.history.pushState(null, '', url.hash);
    },
    { signal },
  );
}
