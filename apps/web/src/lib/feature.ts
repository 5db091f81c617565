import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

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
}

/** What a feature adds to the app: its pages and its navigation item. */
export interface Feature {
  name: string;
  routes: FeatureRoute[];
  nav?: NavItem;
}
