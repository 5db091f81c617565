import {
  durationLabel,
  lagosDay,
  type Subscription,
  type SubscriptionDisplayStatus,
  subscriptionDisplayStatus,
} from '@kora/shared';

/**
 * Badge colours of the display statuses: Expiring Soon in the warning colour; Upcoming (a
 * renewal paid in advance, not yet started) in its own colour.
 */
export const STATUS_COLORS: Record<SubscriptionDisplayStatus, string> = {
  Active: 'green',
  Upcoming: 'blue',
  'Expiring Soon': 'orange',
  Expired: 'red',
  Inactive: 'gray',
};

/** The status a row shows, against today in Lagos. */
export const displayStatus = (sub: Subscription, today: string = lagosDay()) =>
  subscriptionDisplayStatus(sub, today);

/** How long the subscription runs: plan periods × the plan's period ("6 months"). */
export const subscriptionDurationLabel = (sub: Subscription) =>
  durationLabel(sub.plan_duration * sub.duration, sub.duration_type);

export const SUBSCRIPTION_TEXTS = {
  listFailed: 'An error occurred while fetching subscriptions.',
  noMatch: 'No subscriptions match your filters',
  none: 'No subscriptions found',
} as const;
