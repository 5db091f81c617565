import { z } from 'zod';
import { ROLES } from './auth';
import { COMMS_CHANNEL_KEYS, COMMS_GROUP_KEYS, COMMS_STATUSES } from './communications';
import { answerOf, contract } from './contract';
import { PAYMENT_METHODS } from './payments';

/**
 * The dashboard overview: one call answers every figure of the signed-in business, counted in
 * Lagos days and months. Money is in naira (computed from integer kobo by the server).
 */

/** Months shown by the trend charts: the current month and the 11 before it. */
export const DASHBOARD_MONTHS = 12;
/** Retention looks at the members whose subscription ended in this many days before today. */
export const RETENTION_WINDOW_DAYS = 90;
/** The "expiring soon" panel: subscriptions ending today or in the next 7 days. */
export const DASHBOARD_EXPIRING_DAYS = 7;
/** Rows the expiring panel shows (the total says how many there are). */
export const DASHBOARD_EXPIRING_LIMIT = 8;
/** Items of the recent activity panel. */
export const DASHBOARD_ACTIVITY_LIMIT = 10;

const month = z.string(); // YYYY-MM

const moneyCount = { revenue: z.number(), payments: z.number().int() };

const dashboardCardsSchema = z.object({
  /** Members whose account is active (not deactivated). */
  total_members: z.number().int(),
  /** Subscriptions running today (started, not yet ended). */
  active_subscriptions: z.number().int(),
  /** Naira recorded from the 1st of this month to today. */
  revenue_this_month: z.number(),
  /** Naira recorded over the same days of last month (1st to the same date, or its end). */
  revenue_last_month_same_days: z.number(),
  /** Percent change against those days of last month, one decimal; null when there was none. */
  revenue_change_percent: z.number().nullable(),
  /** Naira recorded from 1 January to today. */
  revenue_year_to_date: z.number(),
  /**
   * Of the members whose subscription ended in the last 90 days, the share who paid again
   * (percent, one decimal); null when no subscription ended in that window.
   */
  retention_rate: z.number().nullable(),
  /** Members whose subscription ended in the last 90 days. */
  retention_ended: z.number().int(),
  /** Of those, the members who renewed (covered after that end). */
  retention_renewed: z.number().int(),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

const revenueMonthSchema = z.object({ month, ...moneyCount });
const growthMonthSchema = z.object({ month, new_members: z.number().int() });
const lifecycleMonthSchema = z.object({
  month,
  /** Members' first subscriptions bought that month. */
  new: z.number().int(),
  /** Other subscriptions bought that month: a member paying again. */
  renewed: z.number().int(),
  /** Subscriptions whose last day fell in that month (before today). */
  expired: z.number().int(),
  /** Members whose cover ended that month and who have not paid since. */
  churned: z.number().int(),
});
const revenueByPlanSchema = z.object({
  plan_id: z.number().int(),
  name: z.string(),
  ...moneyCount,
});
const revenueByMethodSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  ...moneyCount,
});

const expiringSubscriptionSchema = z.object({
  subscription_id: z.number().int(),
  member: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    picture_url: z.string().nullable(),
    member_id: z.string(),
  }),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  /** The last day included (YYYY-MM-DD). */
  expiry_date: z.string(),
  /** 0 when it ends today. */
  days_left: z.number().int(),
});
export type ExpiringSubscription = z.infer<typeof expiringSubscriptionSchema>;

const who = z.object({ id: z.number().int(), name: z.string() });

const TEAM_EVENT_KINDS = [
  'invited',
  'joined',
  'role_changed',
  'removed',
  'invitation_revoked',
] as const;
export type TeamEventKind = (typeof TEAM_EVENT_KINDS)[number];

/** One line of recent activity, newest first. */
const activitySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('payment'),
    at: z.string(),
    id: z.number().int(),
    member: who,
    amount: z.number(),
    plan_name: z.string(),
    method: z.enum(PAYMENT_METHODS),
  }),
  z.object({ kind: z.literal('member'), at: z.string(), id: z.number().int(), member: who }),
  z.object({
    kind: z.literal('message'),
    at: z.string(),
    id: z.number().int(),
    channel: z.enum(COMMS_CHANNEL_KEYS),
    group: z.enum(COMMS_GROUP_KEYS),
    status: z.enum(COMMS_STATUSES),
    recipients: z.number().int(),
  }),
  z.object({
    kind: z.literal('team'),
    at: z.string(),
    id: z.number().int(),
    event: z.enum(TEAM_EVENT_KINDS),
    /** The person the change is about, as named when it happened. */
    name: z.string(),
    role: z.enum(ROLES).nullable(),
    /** Who made the change; null when it was the person themselves or is unknown. */
    by: z.string().nullable(),
  }),
]);
export type Activity = z.infer<typeof activitySchema>;

/** What a new business has done yet: the getting-started checklist, each from real rows. */
const gettingStartedSchema = z.object({
  plan: z.boolean(),
  member: z.boolean(),
  payment: z.boolean(),
  team: z.boolean(),
  message: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

const dashboardSchema = z.object({
  /** The Lagos day the figures are counted to. */
  today: z.string(),
  cards: dashboardCardsSchema,
  /** The last 12 months, oldest first, the current month (to today) last. */
  revenue_trend: z.array(revenueMonthSchema),
  membership_growth: z.array(growthMonthSchema),
  lifecycle: z.array(lifecycleMonthSchema),
  /** Over the same 12 months, highest revenue first. */
  revenue_by_plan: z.array(revenueByPlanSchema),
  /** Over the same 12 months, in the order Cash, Card, Transfer. */
  payments_by_method: z.array(revenueByMethodSchema),
  /** Running subscriptions ending in the next 7 days whose member has not renewed, soonest first. */
  expiring: z.object({ total: z.number().int(), data: z.array(expiringSubscriptionSchema) }),
  recent_activity: z.array(activitySchema),
  getting_started: gettingStartedSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardContracts = {
  overview: contract({
    method: 'GET',
    path: '/v1/dashboard',
    operationId: 'getDashboard',
    summary: "The dashboard overview of the caller's business: cards, charts and lists",
    description:
      'Every figure is counted in Lagos days. Revenue is in naira; retention is the share of the ' +
      'members whose subscription ended in the last 90 days who paid again.',
    tag: 'dashboard',
    access: 'dashboard.read',
    answer: answerOf(dashboardSchema),
  }),
};
