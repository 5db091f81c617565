import { z } from 'zod';
import { choiceFilter, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { addDays } from './dates';
import {
  MAX_LIST_PAGE_SIZE,
  dateRangeCheck,
  dayRangeFilters,
  memberPlanFilters,
  subscriptionSchema,
} from './payments';

/** Days before expiry a subscription shows as Expiring Soon. */
export const EXPIRING_SOON_DAYS = 7;

/**
 * List filter values. `active`: running today (started, not yet ended); `upcoming`: paid in
 * advance, starting after today (a renewal waits for the running period to end); `expired`:
 * ended before today.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'upcoming', 'expired'] as const;
export type SubscriptionStatusFilter = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The subscription list's filters (its export takes the same). `status`: active = is_active and running today (start today
 * or earlier, expiry today or later, Lagos days); upcoming = is_active and starting after today;
 * expired = expiry before today. `start_date`/`end_date` keep the subscriptions whose period
 * (start_date … expiry_date, both included) overlaps the chosen range; either end may be open.
 */
export const subscriptionFilters = {
  ...memberPlanFilters,
  status: choiceFilter(SUBSCRIPTION_STATUSES, 'Status must be active, upcoming or expired'),
  ...dayRangeFilters,
};

const subscriptionListQuery = pageQuery(MAX_LIST_PAGE_SIZE)
  .extend(subscriptionFilters)
  .superRefine(dateRangeCheck);
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;

/**
 * The subscriptions summary (walk-ins' day passes left out: they are not members until they
 * join). `active`: running today (is_active, started, expiry today or
 * later); `expiring`: those of them ending within 7 days (also counted in active); `upcoming`:
 * paid in advance, starting after today (not counted in active); `expired`: expiry before today.
 */
const subscriptionSummarySchema = z.object({
  active: z.number().int(),
  expiring: z.number().int(),
  upcoming: z.number().int(),
  expired: z.number().int(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/**
 * The subscription calls: read only, since recording a payment creates its subscription. Every
 * role of the business (owner, admin, staff) reads them.
 */
export const subscriptionContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/subscription',
    operationId: 'listSubscriptions',
    summary: "A page of the business's subscriptions, newest first",
    tag: 'subscriptions',
    access: 'subscriptions.read',
    query: subscriptionListQuery,
    answer: pageOf(subscriptionSchema),
  }),
  summary: contract({
    method: 'GET',
    path: '/v1/subscription/summary',
    operationId: 'getSubscriptionSummary',
    summary: 'Subscription counts: active, expiring within 7 days, upcoming, expired',
    tag: 'subscriptions',
    access: 'subscriptions.read',
    answer: answerOf(subscriptionSummarySchema),
  }),
};

export type SubscriptionDisplayStatus =
  'Inactive' | 'Expired' | 'Upcoming' | 'Expiring Soon' | 'Active';

/**
 * The status a subscription row shows: not active → Inactive; expiry before today → Expired;
 * starts after today → Upcoming (a renewal paid in advance); expiry within 7 days
 * (today … today + 7) → Expiring Soon; otherwise Active.
 * `today` is the Lagos day (`lagosDay()`), YYYY-MM-DD.
 */
export const subscriptionDisplayStatus = (
  sub: { is_active: boolean | 0 | 1; start_date: string; expiry_date: string },
  today: string,
): SubscriptionDisplayStatus => {
  if (!sub.is_active) return 'Inactive';
  const expiry = sub.expiry_date.slice(0, 10);
  if (expiry < today) return 'Expired';
  if (sub.start_date.slice(0, 10) > today) return 'Upcoming';
  if (expiry <= addDays(today, EXPIRING_SOON_DAYS)) return 'Expiring Soon';
  return 'Active';
};
