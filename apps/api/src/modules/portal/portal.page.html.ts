import { escapeHtml } from '../../lib/html';
import { PAGE_BASE_STYLE } from '../../lib/private-page';

/*
 * The member's own pages, /m/{business_code}: one small HTML document each, drawn on the server
 * for a cheap phone at 375 px. No script (Kora's Content-Security-Policy allows none inline),
 * the style inline, every form a plain POST that answers 303 (Post/Redirect/Get). Every value a
 * person typed (the gym's name, the member's name, addresses) is escaped here.
 *
 * This file holds the frame (layout, navigation, form parts) and the signed-out pages; the
 * signed-in pages are in portal.page.views.ts.
 */

export interface PageGym {
  name: string;
  code: string;
  logo_url: string | null;
}

/** The texts members read (the pages' contract; tests assert them). */
export const PAGE_TEXTS = {
  signInLead: 'Sign in with your phone number or e-mail',
  codeSent: (gym: string) => `If you are a member of ${gym}, we sent you a code.`,
  gymNotFound: 'Gym not found',
  forbidden: 'This form was sent from another site. Open your gym’s page and try again.',
  brightness: 'Turn your screen brightness up',
  notOnline: 'This gym does not take payments online yet.',
  consentQuestion: (gym: string) => `May ${gym} send you offers and news?`,
  erasureSent: (gym: string) => `Your request was sent to ${gym}`,
  signedOut: 'You are signed out.',
  codeExpiredStep: 'Your sign-in took too long. Enter your phone number or e-mail again.',
} as const;

/** A link or picture address we put in a page: http(s) or this site's own path, nothing else. */
export const safeUrl = (url: string | null | undefined): string | null =>
  url && (/^https?:\/\/[^\s"'<>]+$/i.test(url) || /^\/(?!\/)[^\s"'<>]*$/.test(url)) ? url : null;

/** The base path of a gym's member pages (the code as the gym's address spells it, upper case). */
export const basePath = (code: string) => `/m/${encodeURIComponent(code.toUpperCase())}`;

const STYLE =
  PAGE_BASE_STYLE +
  'main{max-width:30rem;margin:0 auto;padding:1rem 1rem 2rem}' +
  'header{display:flex;align-items:center;gap:.75rem;margin-bottom:.75rem}' +
  'header img{width:3rem;height:3rem;object-fit:contain;border-radius:.5rem;background:#fff}' +
  '.gym{font-size:1.125rem;font-weight:700;margin:0;overflow-wrap:anywhere}' +
  'nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0 0 .75rem;padding:0}' +
  'nav a{display:inline-block;padding:.5rem 0;color:#0f5e58;font-weight:600}' +
  'nav a[aria-current]{color:#1f2933;text-decoration:none}' +
  'section{background:#fff;border-radius:.75rem;padding:1rem 1.125rem;margin:0 0 .875rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}' +
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem;overflow-wrap:anywhere}' +
  'h2{font-size:1.125rem;margin:0 0 .5rem}' +
  'p{margin:.5rem 0}' +
  'label{display:block;font-weight:600;margin:.75rem 0 .25rem}' +
  'input[type=text],input[type=email],input[type=tel],input[type=date],input[type=password],select,textarea{width:100%;min-height:2.75rem;padding:.5rem .625rem;font:inherit;border:1px solid #7b8794;border-radius:.5rem;background:#fff;color:#1f2933}' +
  'textarea{min-height:5rem}' +
  '.check{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.5rem 0}' +
  '.check input{width:1.25rem;height:1.25rem}' +
  'fieldset{border:0;margin:0;padding:0}legend{font-weight:600;padding:0}' +
  'button,.button{display:block;width:100%;min-height:2.75rem;margin:1rem 0 .25rem;padding:.75rem 1rem;border:0;border-radius:.625rem;background:#0f766e;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}' +
  'button:hover,button:focus,.button:hover,.button:focus{background:#115e59}' +
  '.secondary{background:#fff;color:#0f5e58;border:1px solid #0f5e58}' +
  '.secondary:hover,.secondary:focus{background:#e6f2f1}' +
  '.link{background:none;color:#0f5e58;text-decoration:underline;width:auto;display:inline;padding:.5rem 0;margin:0;min-height:0;font-weight:600}' +
  '.link:hover,.link:focus{background:none}' +
  '.error{color:#b42318;font-weight:600}' +
  '.notice{border-left:4px solid #0f766e;background:#e6f2f1;padding:.625rem .75rem;border-radius:.375rem}' +
  '.note{color:#52606d;font-size:.875rem}' +
  '.verdict{border-radius:.625rem;padding:.875rem 1rem;margin:0 0 .75rem;font-size:1.25rem;font-weight:700}' +
  '.green{background:#dcfce7;color:#14532d}.amber{background:#fef3c7;color:#713f12}.red{background:#fee2e2;color:#7f1d1d}' +
  'dl{margin:.5rem 0;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}' +
  'dt{color:#52606d}dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}' +
  'ul.rows{list-style:none;margin:0;padding:0}' +
  'ul.rows li{display:flex;justify-content:space-between;gap:.75rem;padding:.5rem 0;border-top:1px solid #e4e7eb;overflow-wrap:anywhere}' +
  'ul.rows li:first-child{border-top:0}' +
  // An amount and a phone number each stay on one line ("₦25,000", "0803 123 4567").
  '.amount,.phone{white-space:nowrap;overflow-wrap:normal}' +
  '.qr svg{width:100%;max-width:22rem;height:auto;display:block;margin:0 auto}' +
  '.card-page section{text-align:center}.card-page #kiosk-pin{text-align:left}' +
  'a{color:#0f5e58}';

export interface LayoutOptions {
  title: string;
  gym: PageGym | null;
  /** The signed-in menu, with the current page marked (absent: no menu). */
  nav?: NavItem;
  /** A meta refresh: seconds and the address to load. */
  refresh?: { seconds: number; url: string };
  /** Extra class on <body> (the card's full screen). */
  bodyClass?: string;
  body: string;
}

type NavItem = 'home' | 'renew' | 'details' | 'freeze' | 'privacy' | 'card';

const NAV: { item: NavItem; label: string; path: string }[] = [
  { item: 'home', label: 'My membership', path: '' },
  { item: 'card', label: 'My card', path: '/card' },
  { item: 'renew', label: 'Renew', path: '/renew' },
  { item: 'details', label: 'My details', path: '/details' },
  { item: 'freeze', label: 'Freeze', path: '/freeze' },
  { item: 'privacy', label: 'Privacy', path: '/privacy' },
];

const navigation = (gym: PageGym, current: NavItem): string => {
  const base = basePath(gym.code);
  return (
    '<nav aria-label="Member menu"><ul>' +
    NAV.map(
      (n) =>
        `<li><a href="${base}${n.path}"${n.item === current ? ' aria-current="page"' : ''}>${n.label}</a></li>`,
    ).join('') +
    `<li><form method="post" action="${base}/sign-out"><button class="link" type="submit">Sign out</button></form></li>` +
    '</ul></nav>'
  );
};

/** The whole document: head, the gym's name and logo, the menu when signed in, the body. */
export const layout = ({ title, gym, nav, refresh, bodyClass, body }: LayoutOptions): string => {
  const logo = gym && safeUrl(gym.logo_url);
  const header = gym
    ? `<header>${logo ? `<img src="${escapeHtml(logo)}" alt="" width="48" height="48">` : ''}` +
      `<p class="gym">${escapeHtml(gym.name)}</p></header>`
    : '';
  const fullTitle = gym ? `${title} · ${gym.name}` : title;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    '<meta name="description" content="Your membership: plan, card, renewals and details.">' +
    '<meta name="theme-color" content="#0f766e">' +
    // Kora's icon (without it a browser asks for /favicon.ico, which is not there).
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    (refresh
      ? `<meta http-equiv="refresh" content="${refresh.seconds};url=${escapeHtml(refresh.url)}">`
      : '') +
    `<title>${escapeHtml(fullTitle)}</title><style>${STYLE}</style></head>` +
    `<body${bodyClass ? ` class="${bodyClass}"` : ''}><main>${header}` +
    (gym && nav ? navigation(gym, nav) : '') +
    body +
    '</main></body></html>'
  );
};

/** A form's error line (already in a member's words), or nothing. */
export const errorLine = (message: string | undefined, id?: string): string =>
  message
    ? `<p class="error" role="alert"${id ? ` id="${id}"` : ''}>${escapeHtml(message)}</p>`
    : '';

/** A labelled input with its error under it (described-by), escaped value. */
export const field = (f: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'password';
  value?: string | null;
  error?: string;
  autocomplete?: string;
  inputmode?: string;
  maxlength?: number;
  required?: boolean;
  extra?: string;
}): string => {
  const id = `f-${f.name}`;
  const errId = `${id}-error`;
  return (
    `<label for="${id}">${escapeHtml(f.label)}</label>` +
    `<input type="${f.type ?? 'text'}" id="${id}" name="${f.name}"` +
    (f.value ? ` value="${escapeHtml(f.value)}"` : '') +
    (f.autocomplete ? ` autocomplete="${f.autocomplete}"` : '') +
    (f.inputmode ? ` inputmode="${f.inputmode}"` : '') +
    ` maxlength="${f.maxlength ?? 200}"` +
    (f.required ? ' required' : '') +
    (f.error ? ` aria-invalid="true" aria-describedby="${errId}"` : '') +
    (f.extra ?? '') +
    '>' +
    errorLine(f.error, errId)
  );
};

/** Signed out: the gym's name and logo, one field for a phone number or an e-mail. */
export const signInPage = (
  gym: PageGym,
  opts: { identifier?: string; error?: string; notice?: string } = {},
): string =>
  layout({
    title: 'Sign in',
    gym,
    body:
      '<section><h1>Your membership</h1>' +
      (opts.notice ? `<p class="notice" role="status">${escapeHtml(opts.notice)}</p>` : '') +
      `<form method="post" action="${basePath(gym.code)}/sign-in" novalidate>` +
      field({
        name: 'identifier',
        label: PAGE_TEXTS.signInLead,
        value: opts.identifier,
        error: opts.error,
        autocomplete: 'username',
        maxlength: 254,
        required: true,
      }) +
      '<button type="submit">Send me a code</button></form>' +
      `<p class="note">We send a 6-digit code by WhatsApp, SMS or e-mail to the number or address ${escapeHtml(gym.name)} has for you.</p>` +
      '</section>',
  });

/** The code step: where the code went (masked), the code field, and a way back. */
export const codePage = (
  gym: PageGym,
  opts: { sentTo: string; error?: string; notice?: string },
): string => {
  const base = basePath(gym.code);
  return layout({
    title: 'Enter your code',
    gym,
    body:
      '<section><h1>Enter your code</h1>' +
      `<p role="status">${escapeHtml(PAGE_TEXTS.codeSent(gym.name))}</p>` +
      `<p class="note">Sent to ${escapeHtml(opts.sentTo)}. It expires in 10 minutes.</p>` +
      (opts.notice ? `<p class="notice">${escapeHtml(opts.notice)}</p>` : '') +
      `<form method="post" action="${base}/verify" novalidate>` +
      field({
        name: 'code',
        label: '6-digit code',
        error: opts.error,
        autocomplete: 'one-time-code',
        inputmode: 'numeric',
        maxlength: 6,
        required: true,
        extra: ' pattern="[0-9]{6}"',
      }) +
      '<button type="submit">Sign in</button></form>' +
      `<form method="post" action="${base}/resend"><button class="secondary" type="submit">Send a new code</button></form>` +
      `<p><a href="${base}?again=1">Use another phone number or e-mail</a></p>` +
      '</section>',
  });
};

/** A page that says one thing: a heading and a paragraph (not found, wait, failure, refused). */
export const messagePage = (
  gym: PageGym | null,
  heading: string,
  text: string,
  link?: { href: string; label: string },
): string =>
  layout({
    title: heading,
    gym,
    body:
      `<section><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>` +
      (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '') +
      '</section>',
  });

export const gymNotFoundPage = () =>
  messagePage(
    null,
    PAGE_TEXTS.gymNotFound,
    'Check the address your gym sent you, or ask them for the link to their member page.',
  );

export const busyPage = (gym: PageGym | null, wait: string) =>
  messagePage(gym, 'Too many requests', `Please wait ${wait} and try again.`);

export const failurePage = (gym: PageGym | null) =>
  messagePage(
    gym,
    'Something went wrong',
    'We could not load this page. Please try again in a minute.',
  );

export const forbiddenPage = (gym: PageGym | null) =>
  messagePage(
    gym,
    'Not sent from this page',
    PAGE_TEXTS.forbidden,
    gym ? { href: basePath(gym.code), label: 'Open your member page' } : undefined,
  );
