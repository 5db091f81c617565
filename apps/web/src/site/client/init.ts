import { initAnchors } from './anchors';
import { initCarousel } from './carousel';
import { initContactForm } from './contact-form';
import { initImageFallbacks } from './images';
import { initMenu } from './menu';
import { initPricing } from './pricing';
import { initShare } from './share';

/** Wires every interactive part present on the page; aborting the signal undoes it all. */
export function initSite(doc: Document, signal: AbortSignal): void {
  initImageFallbacks(doc, signal);
  initMenu(doc, signal);
  initAnchors(doc, signal);
  initPricing(doc, signal);
  initCarousel(doc, signal);
  initShare(doc, signal);
  initContactForm(doc, signal);
}
