import { initSite } from './client/init';
import { renderSitePage, type SitePage } from './render';

/*
 * Test helpers: a page as a visitor's browser gets it (rendered by the server renderer), and
 * the same page live in jsdom with the browser script wired.
 */

export const ORIGIN = 'https://kora.ng';
export const ASSETS = { css: '.x{color:red}', scripts: ['/assets/site-test.js'] };

export const renderHtml = (page: SitePage) =>
  renderSitePage(page, { origin: ORIGIN, assets: ASSETS });

/** The rendered page parsed into a document of its own. */
export const parsePage = (page: SitePage): Document =>
  new DOMParser().parseFromString(renderHtml(page), 'text/html');

/**
 * Puts the rendered page into jsdom's document and runs the browser script on it; abort the
 * returned controller to unwire it.
 */
export function mountPage(page: SitePage): AbortController {
  const parsed = parsePage(page);
  document.title = parsed.title;
  document.body.replaceWith(document.importNode(parsed.body, true));
  const controller = new AbortController();
  initSite(document, controller.signal);
  return controller;
}

/** A control's value, set the way typing sets it. */
export function type(
  el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
