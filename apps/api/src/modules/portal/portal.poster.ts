import { escapeHtml as h } from '../../lib/html';
import { safeUrl, type PageGym } from './portal.page.html';

/*
 * The QR poster of a gym's members' page, /m/{code}/poster: one A4 page for the reception wall
 * with the gym's name, a big QR code of the page's address, a short line saying what it is for,
 * and the address in words for those who type it. Made for printing (no menu, no script).
 */

const POSTER_TEXTS = {
  lead: 'Members: scan to see your plan and card, renew and update your details',
  signIn: 'Sign in with the phone number or e-mail you gave the front desk.',
  print: 'Print this page (Ctrl+P, or Share → Print on a phone) and put it up at reception.',
} as const;

const STYLE =
  '@page{size:A4 portrait;margin:14mm}' +
  '*{box-sizing:border-box}' +
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff}' +
  'main{max-width:46rem;margin:0 auto;padding:2rem 1.5rem;text-align:center}' +
  'img.logo{max-width:10rem;max-height:6rem;object-fit:contain}' +
  'h1{font-size:2.5rem;line-height:1.15;margin:.5rem 0 1rem;overflow-wrap:anywhere}' +
  '.lead{font-size:1.5rem;font-weight:700;margin:0 auto 1.5rem;max-width:36rem}' +
  '.qr svg{width:100%;max-width:26rem;height:auto;display:block;margin:0 auto}' +
  '.address{font-size:1.375rem;font-weight:700;margin:1.25rem 0 .5rem;overflow-wrap:anywhere}' +
  '.sign-in{font-size:1.125rem;color:#3e4c59;margin:0}' +
  '.print{margin-top:2rem;padding:.75rem 1rem;border-radius:.5rem;background:#e6f2f1;color:#0f5e58}' +
  '@media print{main{padding:0}.print{display:none}}';

/** The poster's page: `url` is the members' page address the QR code (`qrSvg`) holds. */
export const posterPage = (gym: PageGym, url: string, qrSvg: string): string => {
  const logo = safeUrl(gym.logo_url);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<title>${h(`Members' page poster · ${gym.name}`)}</title><style>${STYLE}</style></head>` +
    '<body><main>' +
    (logo ? `<img class="logo" src="${h(logo)}" alt="">` : '') +
    `<h1>${h(gym.name)}</h1>` +
    `<p class="lead">${h(POSTER_TEXTS.lead)}</p>` +
    `<div class="qr" role="img" aria-label="${h(`QR code of ${url}`)}">${qrSvg}</div>` +
    `<p class="address">${h(url)}</p>` +
    `<p class="sign-in">${h(POSTER_TEXTS.signIn)}</p>` +
    `<p class="print">${h(POSTER_TEXTS.print)}</p>` +
    '</main></body></html>'
  );
};
