/*
 * Which paths are pages. The server answers every page with HTML (whatever the Accept header)
 * and everything else with a real 404, so it must know the web app's routes: this list is that
 * knowledge, and a web test checks it equals the router's table.
 */

import type { SitePage } from './site';

/**
 * The public site, rendered to HTML by the server, in the sitemap's order: the landing page,
 * the blog, the contact forms and the policies. A page drawn once at start carries what to draw;
 * the blog's are drawn per request (`/blog/:slug` is one page per article).
 */
const SITE_TABLE: readonly { path: string; page: SitePage | null }[] = [
  { path: '/', page: { kind: 'landing' } },
  { path: '/blog', page: null },
  { path: '/blog/:slug', page: null },
  { path: '/contact', page: { kind: 'contact', path: '/contact' } },
  { path: '/contact-sales', page: { kind: 'contact', path: '/contact-sales' } },
  { path: '/privacy', page: { kind: 'privacy' } },
  { path: '/terms', page: { kind: 'terms' } },
];

/** Every path of the public site, `:param` for a segment. */
export const SITE_PATHS: readonly string[] = SITE_TABLE.map((row) => row.path);

/** The site's pages drawn once when the server starts (and by `vite dev` per request). */
export const STATIC_SITE_PAGES = SITE_TABLE.flatMap(({ path, page }) =>
  page ? [{ path, page }] : [],
);

/** Sign-in pages and pages anyone signed in can open: at /x only. */
const ROOT_PAGES = [
  'login',
  'signup',
  'forgot-password',
  'set-password',
  'dashboard',
  'profile',
  'change-password',
  // The kiosk: full screen, reached with the device's kiosk token rather than a session.
  'check-in/kiosk',
];

/** Back-office pages: each answers at /x and at /dashboard/x. */
const BACK_OFFICE_PAGES = [
  'settings',
  'check-in',
  'members',
  'members/add',
  'members/import',
  'members/:id',
  'members/:id/edit',
  'subscription-plans',
  'subscription-plans/add',
  'subscription-plans/:id',
  'subscription-plans/:id/edit',
  'subscriptions',
  'payments',
  'payments/:id',
  'users',
  'communications',
  'communications/create',
  'communications/:id',
  'activity',
  'cash-up',
  // What the desk recorded offline and the server refused (Needs attention).
  'offline',
];

/** Every path of the single-page web app (sign-in and back office), `:param` for a segment. */
export const WEB_APP_PATHS: readonly string[] = [
  ...ROOT_PAGES.map((p) => `/${p}`),
  ...BACK_OFFICE_PAGES.flatMap((p) => [`/${p}`, `/dashboard/${p}`]),
];

const toMatcher = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );

const matcherOf = (patterns: readonly string[]) => {
  const matchers = patterns.map(toMatcher);
  return (path: string): boolean => matchers.some((m) => m.test(path));
};

/**
 * A cookie the web app sets while someone is signed in on this browser, and removes on sign-out.
 * It holds no secret (the session itself stays in the browser's storage): it only lets the
 * server answer a mistyped address with the back office's own not-found page, inside its
 * navigation, instead of the public site's.
 */
export const SIGNED_IN_HINT_COOKIE = 'kora_signed_in';

/** Whether a path (without its query) is a page of the single-page web app. */
export const isWebAppPath = matcherOf(WEB_APP_PATHS);
/** Whether a path (without its query) is a page of the public site. */
export const isSitePath = matcherOf(SITE_PATHS);
