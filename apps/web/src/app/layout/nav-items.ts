import {
  IconCash,
  IconId,
  IconLayoutDashboard,
  IconListDetails,
  IconMessages,
  IconSettings,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
}

/** The side navigation, in the specification's order; every item is shown to everyone. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Members', to: '/members', icon: IconUsers },
  { label: 'Subscriptions', to: '/subscriptions', icon: IconId },
  { label: 'Payments', to: '/payments', icon: IconCash },
  { label: 'Communications', to: '/communications', icon: IconMessages },
  { label: 'Users', to: '/users', icon: IconUserShield },
  { label: 'Subscription Plans', to: '/subscription-plans', icon: IconListDetails },
  { label: 'Settings', to: '/settings', icon: IconSettings },
];

/** An item is active on its path, below it, and on its /dashboard/... alias. */
export const isNavItemActive = (item: NavItem, pathname: string): boolean => {
  if (item.to === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return [item.to, `/dashboard${item.to}`].some(
    (base) => pathname === base || pathname.startsWith(`${base}/`),
  );
};
