import { can, type Role } from '@kora/shared';
import type { NavItem } from '@/lib/feature';
import { FEATURES } from '../features';

export type { NavItem } from '@/lib/feature';

/**
 * The side navigation: each feature's item, in their order. An item with an action shows only to
 * a role that may take it (see navItemsFor); the others show to everyone.
 */
const NAV_ITEMS: NavItem[] = FEATURES.flatMap((feature) => (feature.nav ? [feature.nav] : [])).sort(
  (a, b) => a.order - b.order,
);

/** The items a role sees: a staff member has no Activity, whose page only managers may read. */
export const navItemsFor = (role: Role | null | undefined): NavItem[] =>
  NAV_ITEMS.filter((item) => !item.action || can(role, item.action));

/** An item is active on its path, below it, and on its /dashboard/... alias. */
export const isNavItemActive = (item: NavItem, pathname: string): boolean => {
  if (item.to === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return [item.to, `/dashboard${item.to}`].some(
    (base) => pathname === base || pathname.startsWith(`${base}/`),
  );
};
