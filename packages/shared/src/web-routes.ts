/*
 * Which paths are pages. The server answers every page with HTML (whatever the Accept header)
 * and everything else with a real 404, so it must know the web app's routes: this list is that
 * knowledge, and a web test checks it equals the router's table.
 */

/**
 * The public site, rendered to HTML by the server: the landing page, the blog, the contact form
 * and the policies. `/blog/:slug` is one page per article.
 */
export const SITE_PATHS = [
  '/',
  '/blog',
  '/blog/:slug',
  '/contact',
  '/contact-sales',
  '/privacy',
  '/terms',
] as const;

/** Sign-in pages and pages anyone signed in can open: at /x only. */
const ROOT_PAGES = [
  'login',
  'signup',
  'forgot-password',
  'set-password',
  'dashboard',
  'profile',
  'change-password',
];

/** Back-office pages: each answers at /x and at /dashboard/x. */
const BACK_OFFICE_PAGES = [
  'settings',
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
  'users',
  'communications',
  'communications/create',
  'communications/:id',
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
