import { escapeHtml as h } from '../../lib/html';
import { basePath, layout, type PageGym } from './portal.page.html';

/*
 * "Ask to erase my data" asks once more: the privacy page links here (a GET changes nothing),
 * and only this page's form (a POST with confirm=yes) sends the request to the gym.
 */

export const ERASE_TEXTS = {
  ask: 'Ask to erase my data',
  heading: 'Erase my data?',
  what: (gym: string) =>
    `${gym} will erase your name, phone, e-mail, address and photo. Your payments stay in their books without your name, your member card stops working and your membership ends.`,
  final: 'Once they have erased it, it cannot be undone.',
  confirm: 'Yes, ask to erase my data',
  keep: 'No, keep my data',
} as const;

/** The confirmation step: what erasure does, then Yes (the POST) or No (back to Privacy). */
export const eraseConfirmPage = (gym: PageGym): string => {
  const base = basePath(gym.code);
  return layout({
    title: ERASE_TEXTS.heading,
    gym,
    nav: 'privacy',
    body:
      `<section><h1>${h(ERASE_TEXTS.heading)}</h1>` +
      `<p>${h(ERASE_TEXTS.what(gym.name))}</p>` +
      `<p><strong>${h(ERASE_TEXTS.final)}</strong></p>` +
      `<form method="post" action="${base}/privacy/erase">` +
      '<input type="hidden" name="confirm" value="yes">' +
      `<button type="submit">${h(ERASE_TEXTS.confirm)}</button></form>` +
      `<a class="button secondary" href="${base}/privacy">${h(ERASE_TEXTS.keep)}</a>` +
      '</section>',
  });
};
