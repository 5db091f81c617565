import { z } from 'zod';
import { ROLES } from './auth';
import { COMMS_CHANNEL_KEYS, COMMS_GROUP_KEYS, COMMS_STATUSES } from './communications';
import { memberBriefSchema } from './members';
import { pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
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
  /** Naira recorded from the 1st of this month to today (null: hidden from this user). */
  revenue_this_month: z.number().nullable(),
  /** Naira recorded over the same days of last month (1st to the same date, or its end). */
  revenue_last_month_same_days: z.number().nullable(),
  /** Percent change against those days of last month, one decimal; null when there was none. */
  revenue_change_percent: z.number().nullable(),
  /** Naira recorded from 1 January to today (null: hidden from this user). */
  revenue_year_to_date: z.number().nullable(),
  /**
   * Of the members whose subscription ended in the last 90 days, the share who paid again
   * (percent, one decimal); null when no subscription ended in that window.
   */
  retention_rate: z.number().nullable(),
  /** Members whose subscription ended in the last 90 days. */
  retention_ended: z.number().int(),
  /** Of those, the members who renewed (covered after that end). */
  retention_renewed: z.number().int(),
  /** Members an approved freeze covers today. */
  frozen_members: z.number().int(),
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

const unconfirmedTransfersSchema = z.object({
  count: z.number().int(),
  /** Naira. */
  amount: z.number(),
  /** YYYY-MM-DD: transfers paid on or before this Lagos day. */
  before: z.string(),
});
export type UnconfirmedTransfers = z.infer<typeof unconfirmedTransfersSchema>;

const dashboardSchema = z.object({
  /** The Lagos day the figures are counted to. */
  today: z.string(),
  /**
   * Whether this user sees money totals: owners and admins, staff only when the owner turned on
   * "Staff see revenue". When false the revenue cards are null, and the revenue trend, revenue
   * by plan, payments by method and the unconfirmed transfers are left out (empty, null).
   */
  revenue_visible: z.boolean(),
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
  /**
   * Desk transfers not yet ticked against the bank statement and paid on or before `before`
   * (today − 2 days): how many and how much (naira). The dashboard links to the payments list
   * filtered to them (`status=unconfirmed&unconfirmed_before={before}`).
   */
  unconfirmed_transfers: unconfirmedTransfersSchema.nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/*
 * Attendance: who comes, when, and who is drifting away. Counted in Lagos days and hours from
 * the visits the front desk and the kiosk record.
 */

/** Days of the visits chart: today and the 29 before. */
export const ATTENDANCE_DAYS = 30;
/** Days of the busiest hours grid: today and the 27 before (four of each weekday). */
export const BUSIEST_HOURS_DAYS = 28;
/** An active member is at risk after this many days without a visit. */
export const AT_RISK_ABSENT_DAYS = 14;
/** The drop rule's windows, in weeks each. */
export const AT_RISK_WEEKS = 4;
/** The drop rule applies only to members who came at least this often in the earlier window. */
export const AT_RISK_MIN_EARLIER_VISITS = 4;
/** Rows of the dashboard's At risk list. */
export const AT_RISK_PER_PAGE = 10;

const attendanceSchema = z.object({
  /** Visits recorded today (Lagos). */
  visits_today: z.number().int(),
  /** The last 30 Lagos days, oldest first, today last; days without a visit are 0. */
  per_day: z.array(z.object({ day: z.string(), visits: z.number().int() })),
  /**
   * Visits per weekday (1 Monday … 7 Sunday) and hour (0–23, Lagos time) over the last 28 days
   * (today included): all 168 cells, Monday 0:00 first.
   */
  busiest_hours: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      visits: z.number().int(),
    }),
  ),
  /** Active members at risk (see the at-risk list for the rule). */
  at_risk_count: z.number().int(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** Why a member is at risk: no visit for 14 days, never a visit, or visits fallen by half. */
const AT_RISK_REASONS = ['no_visit', 'never_visited', 'visits_fell'] as const;

const atRiskMemberSchema = z.object({
  member: memberBriefSchema,
  /** When they last came; null when they never have. */
  last_visit_at: z.string().nullable(),
  /** Visits over the last 4 full weeks (Monday to Sunday, Lagos), this week not counted. */
  visits_last_4_weeks: z.number().int(),
  /** Visits over the 4 full weeks before those. */
  visits_previous_4_weeks: z.number().int(),
  reason: z.enum(AT_RISK_REASONS),
  /** Why, in words: "No visit in 19 days", "Never visited", "Visits fell from 12 to 4". */
  why: z.string(),
});
export type AtRiskMember = z.infer<typeof atRiskMemberSchema>;

/** The at-risk list's page: 20 a page unless asked, at most 100. */
const atRiskQuery = pageQuery(100);
export type AtRiskQuery = z.infer<typeof atRiskQuery>;

export const dashboardContracts = {
  overview: contract({
    method: 'GET',
    path: '/v1/dashboard',
    operationId: 'getDashboard',
    summary: "The dashboard overview of the caller's business: cards, charts and lists",
    description:
      'Every figure is counted in Lagos days. Revenue is in naira; retention is the share of the ' +
      'members whose subscription ended in the last 90 days who paid again. Staff get no money ' +
      'totals (`revenue_visible` false) unless the owner turned on "Staff see revenue".',
    tag: 'dashboard',
    access: 'dashboard.read',
    answer: answerOf(dashboardSchema),
  }),
  attendance: contract({
    method: 'GET',
    path: '/v1/dashboard/attendance',
    operationId: 'getDashboardAttendance',
    summary:
      'Visits today, per day over 30 days, the busiest hours, and how many members are at risk',
    description:
      'Counted in Lagos days and hours from the visits recorded at the desk and the kiosk. ' +
      '`busiest_hours` covers the last 28 days (four of each weekday), 1 = Monday.',
    tag: 'dashboard',
    access: 'dashboard.read',
    answer: answerOf(attendanceSchema),
  }),
  atRisk: contract({
    method: 'GET',
    path: '/v1/dashboard/at-risk',
    operationId: 'listAtRiskMembers',
    summary: 'Active members who stopped coming or come much less, the most at risk first',
    description:
      'Active members (account active, a subscription running today) who have not visited in ' +
      '14 days, counted only once they have been covered for 14 days (a new member is not at ' +
      'risk in their first two weeks), or whose visits over the last 4 full weeks (Monday to ' +
      'Sunday, Lagos) are half or less of the 4 weeks before, when those had at least 4. ' +
      'Order: never visited, then the longest without a visit, then the largest fall.',
    tag: 'dashboard',
    access: 'dashboard.read',
    query: atRiskQuery,
    answer: pageOf(atRiskMemberSchema),
  }),
};
