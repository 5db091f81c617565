/*
 * Which addresses the service worker answers with the back office's page (index.html, kept on
 * the device) when the browser opens them: the back office's own pages only, so the desk opens
 * with no network. Everything else goes to the server as if there were no service worker: the
 * public site's pages (drawn by the server), the API, receipts, cards and payment pages sent to
 * members, uploaded pictures, documentation and files.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page's path pattern (`/members/:id`) as a test of path and query (`/members/4?tab=x`). */
const toPattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escape(segment)))
      .join('/')}/?(?:\\?.*)?$`,
  );

/**
 * The back office's pages (sign-in included: `WEB_APP_PATHS` of the shared package, passed in
 * because the build's configuration reads this file too), each with or without a query.
 */
export const appShellAllowlist = (pagePaths: readonly string[]): RegExp[] =>
  pagePaths.map(toPattern);

/** Never the back office's page, whatever the list above says: the server's own addresses. */
export const APP_SHELL_DENYLIST: RegExp[] = [
  /^\/v1(?:[/?]|$)/, // the API
  /^\/health(?:[/?]|$)/,
  /^\/docs(?:[/?]|$)/,
  /^\/dev(?:[/?]|$)/,
  /^\/uploads\//,
  /^\/r\//, // receipts sent to members
  /^\/card\//, // members' check-in cards
  /^\/pay\//, // payment pages sent to members
  /^[^?]*\/[^/?]*\.[^/?]*(?:\?.*)?$/, // files (a dot in the last segment)
];

/** Whether the service worker answers this address (path and query) with the back office. */
export const servesAppShell = (pathAndQuery: string, allowlist: RegExp[]): boolean =>
  allowlist.some((re) => re.test(pathAndQuery)) &&
  !APP_SHELL_DENYLIST.some((re) => re.test(pathAndQuery));
