import { all } from './dom';

/**
 * Pictures that do not load are replaced by their fallback (data-fallback): those failing from
 * now on, and those that had already failed before this script ran.
 */
export function initImageFallbacks(doc: Document, signal: AbortSignal): void {
  for (const img of all<HTMLImageElement>(doc, 'img[data-fallback]')) {
    const fallback = img.dataset.fallback ?? '';
    const swap = () => {
      if (!fallback || img.getAttribute('src') === fallback) return;
      img.removeAttribute('srcset');
      img.src = fallback;
    };
    img.addEventListener('error', swap, { signal });
    // Already broken: loaded (complete) yet without pixels. A lazy picture not yet asked for is
    // not complete, and one still loading has no currentSrc; neither is touched.
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) swap();
  }
}
