import type { NavItem } from '@/lib/feature';
import { FEATURES } from '../features';

export type { NavItem } from '@/lib/feature';

/** The side navigation: each feature's item, in their order; every item is shown to everyone. */
export const NAV_ITEMS: NavItem[] = FEATURES.flatMap((feature) =>
  feature.nav ? [feature.nav] : [],
).sort((a, b) => a.order - b.order);

/** An item is active on its path, below it, and on its /dashboard/... alias. */
export const isNavItemActive = (item: NavItem, pathname: string): boolean => {
  if (item.to === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return [item.to, `/dashboard${item.to}`].some(
    (base) => pathname === base || pathname.startsWith(`${base}/`),
  );
};
