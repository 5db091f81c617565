import type { ComponentType } from 'react';
import { accountFeature } from '@/features/account';
import { authFeature } from '@/features/auth';
import { communicationsFeature } from '@/features/communications';
import { dashboardFeature } from '@/features/dashboard';
import { membersFeature } from '@/features/members';
import { paymentsFeature } from '@/features/payments';
import { settingsFeature } from '@/features/settings';
import { plansFeature } from '@/features/subscription-plans';
import { subscriptionsFeature } from '@/features/subscriptions';
import { usersFeature } from '@/features/users';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

const MemberDetailsRoute = lazyPage(() => import('./member-details-route'), 'MemberDetailsRoute');

/** The feature with the page at `path` replaced: where the app composes two features. */
const withPage = (feature: Feature, path: string, page: ComponentType): Feature => ({
  ...feature,
  routes: feature.routes.map((route) => (route.path === path ? { ...route, page } : route)),
});

/** The features of the app: their pages make the route table, their items the side navigation. */
export const FEATURES: Feature[] = [
  authFeature,
  dashboardFeature,
  accountFeature,
  // Member details opens Record Payment in place.
  withPage(membersFeature, 'members/:id', MemberDetailsRoute),
  subscriptionsFeature,
  paymentsFeature,
  communicationsFeature,
  usersFeature,
  plansFeature,
  settingsFeature,
];
