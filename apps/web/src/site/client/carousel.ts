import { all, prefersReducedMotion } from './dom';

/** How long each testimonial shows before the next. */
export const ROTATE_MS = 6000;

/**
 * The testimonials carousel: one slide at a time, the next every ROTATE_MS. It pauses while
 * the pointer is over it or the focus is inside it, stops for good with the Stop button, and
 * never moves by itself when the visitor prefers reduced motion. While it moves by itself its
 * slides are not announced (aria-live off); when the visitor drives it, they are (polite).
 */
export function initCarousel(doc: Document, signal: AbortSignal): void {
  const win = doc.defaultView ?? window;
  for (const root of all(doc, '[data-carousel]')) {
    const slides = all(root, '[data-slide]');
    const live = root.querySelector<HTMLElement>('[data-slides]');
    const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
    const dots = all<HTMLButtonElement>(root, '[data-carousel-dot]');
    if (slides.length < 2 || !live) continue;

    const reduced = prefersReducedMotion(win);
    let index = Math.max(
      0,
      slides.findIndex((s) => !s.hidden),
    );
    let stopped = reduced;
    let hovered = false;
    let focused = false;
    let timer: number | undefined;

    const rotating = () => !stopped && !hovered && !focused;

    const schedule = () => {
      win.clearTimeout(timer);
      timer = undefined;
      live.setAttribute('aria-live', rotating() ? 'off' : 'polite');
      if (rotating()) timer = win.setTimeout(() => show(index + 1), ROTATE_MS);
    };

    const show = (next: number) => {
      index = (next + slides.length) % slides.length;
      slides.forEach((slide, i) => (slide.hidden = i !== index));
      dots.forEach((dot, i) => {
        if (i === index) dot.setAttribute('aria-current', 'true');
        else dot.removeAttribute('aria-current');
      });
      schedule();
    };

    const setStopped = (value: boolean) => {
      stopped = value;
      root.toggleAttribute('data-stopped', stopped);
      toggle?.setAttribute(
        'aria-label',
        stopped ? 'Start automatic rotation' : 'Stop automatic rotation',
      );
      schedule();
    };

    if (toggle) {
      // No automatic motion at all under reduced motion, so nothing to stop or start.
      toggle.hidden = reduced;
      toggle.addEventListener('click', () => setStopped(!stopped), { signal });
    }
    root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => show(index - 1), {
      signal,
    });
    root.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(index + 1), {
      signal,
    });
    dots.forEach((dot, i) => dot.addEventListener('click', () => show(i), { signal }));

    root.addEventListener(
      'mouseenter',
      () => {
        hovered = true;
        schedule();
      },
      { signal },
    );
    root.addEventListener(
      'mouseleave',
      () => {
        hovered = false;
        schedule();
      },
      { signal },
    );
    root.addEventListener(
      'focusin',
      () => {
        focused = true;
        schedule();
      },
      { signal },
    );
    root.addEventListener(
      'focusout',
      (event) => {
        if (root.contains(event.relatedTarget as Node | null)) return;
        focused = false;
        schedule();
      },
      { signal },
    );
    signal.addEventListener('abort', () => win.clearTimeout(timer));

    setStopped(stopped);
  }
}
