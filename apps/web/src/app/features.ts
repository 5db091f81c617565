import type { ComponentType } from 'react';
import { accountFeature } from '@/features/account';
import { activityFeature } from '@/features/activity';
import { authFeature } from '@/features/auth';
import { cashUpFeature } from '@/features/cash-up';
import { checkInFeature } from '@/features/check-in';
import { communicationsFeature } from '@/features/communications';
import { membersFeature } from '@/features/members';
import { paymentsFeature } from '@/features/payments';
import { plansFeature } from '@/features/plans';
import { subscriptionsFeature } from '@/features/subscriptions';
import { teamFeature } from '@/features/team';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';
import { dashboardPages, offlinePages, settingsPages } from './pages/routes';

const CheckInRoute = lazyPage(() => import('./pages/check-in-route'), 'CheckInRoute');
const MemberDetailsRoute = lazyPage(
  () => import('./pages/member-details-route'),
  'MemberDetailsRoute',
);

/** The feature with the page at `path` replaced: where the app composes two features. */
const withPage = (feature: Feature, path: string, page: ComponentType): Feature => ({
  ...feature,
  routes: feature.routes.map((route) => (route.path === path ? { ...route, page } : route)),
});

/**
 * The features of the app and the pages it composes from them (app/pages/): their pages make
 * the route table, their items the side navigation.
 */
export const FEATURES: Feature[] = [
  authFeature,
  dashboardPages,
  accountFeature,
  // The check-in page takes payments and payment links in place.
  withPage(checkInFeature, 'check-in', CheckInRoute),
  // Member details opens Record Payment in place.
  withPage(membersFeature, 'members/:id', MemberDetailsRoute),
  subscriptionsFeature,
  paymentsFeature,
  activityFeature,
  cashUpFeature,
  communicationsFeature,
  teamFeature,
  plansFeature,
  settingsPages,
  offlinePages,
];
