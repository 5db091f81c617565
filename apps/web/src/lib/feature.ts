import type { Icon } from '@tabler/icons-react';
import type { Action } from '@kora/shared';
import type { ComponentType } from 'react';
import { lazyPage, type PageStyles } from './lazy-page';

/** Who reaches a page. */
export type RouteAccess =
  /** Signed-in users, inside the back office (the default). */
  | 'app'
  /** Signed-out visitors only: a signed-in user goes to /dashboard. */
  | 'guest'
  /** Anyone, signed in or not. */
  | 'open';

/** One page of a feature. */
export interface FeatureRoute {
  /** The path without its leading slash: `members/:id`. */
  path: string;
  /** The page, loaded on demand (`lazyPage`). */
  page: ComponentType;
  /** Default 'app'. */
  access?: RouteAccess;
  /**
   * A page of the business's records: a user without a business is asked to set it up instead,
   * and the tab then carries `title`.
   */
  needsBusiness?: boolean;
  title?: string;
  /** A back-office page also answers at /dashboard/<path>; false for the few that do not. */
  alsoUnderDashboard?: boolean;
}

/** An item of the side navigation; the items show in ascending `order`. */
export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  order: number;
  /** Shown only to a role that may take this action (the Activity page: owners and admins). */
  action?: Action;
}

/** What a feature adds to the app: its pages and its navigation item. */
export interface Feature {
  name: string;
  routes: FeatureRoute[];
  nav?: NavItem;
}

/**
 * How the pages of a table are reached: by everyone signed in ('app', the back office, at /x and
 * /dashboard/x), at /x only ('root'), as a page of the business's records ('business': a user
 * without a business is asked to set it up, the tab then carrying the row's title), by
 * signed-out visitors only ('guest') or by anyone ('open').
 */
export type PageKind = RouteAccess | 'root' | 'business';

const KINDS: Record<PageKind, Omit<FeatureRoute, 'path' | 'page'>> = {
  app: {},
  root: { alsoUnderDashboard: false },
  business: { needsBusiness: true },
  guest: { access: 'guest' },
  open: { access: 'open' },
};

/**
 * A row of a page table: the page's module, loaded on demand, its export there, its title, and
 * which of Mantine's styles it needs (default 'all': lib/lazy-page.ts).
 */
type PageRow<M> = [load: () => Promise<M>, name: keyof M, title?: string, styles?: PageStyles];

/**
 * A feature's pages from a table keyed by path (without its leading slash): each page is loaded
 * on demand, in its own chunk.
 */
export const pages = <T extends Record<string, unknown>>(
  kind: PageKind,
  table: { [P in keyof T]: PageRow<T[P]> },
): FeatureRoute[] =>
  (Object.entries(table) as [string, PageRow<Record<string, ComponentType>>][]).map(
    ([path, [load, name, title, styles]]) => ({
      path,
      page: lazyPage(load, name, styles),
      ...KINDS[kind],
      ...(title === undefined ? {} : { title }),
    }),
  );
