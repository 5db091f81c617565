import {
  DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_EXPIRING_DAYS,
  DASHBOARD_EXPIRING_LIMIT,
  DASHBOARD_MONTHS,
  PAYMENT_METHODS,
  RETENTION_WINDOW_DAYS,
  addDays,
  addMonths,
  koboToNaira,
  lagosDay,
  monthStart,
  yearStart,
  type Activity,
  type Dashboard,
  type PaymentMethod,
  type Role,
} from '@kora/shared';
import type { AppContext } from '../../context';
import * as repo from './dashboard.repository';
import { readClosedThrough } from '../../db/payment-days';
import { seesRevenue } from '../business';

/** A percentage with one decimal; null when there is nothing to divide by. */
const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The months of the trend, oldest first: 'YYYY-MM' of `today` and the 11 before. */
export const trendMonths = (today: string): string[] =>
  Array.from({ length: DASHBOARD_MONTHS }, (_, i) =>
    addMonths(monthStart(today), i - DASHBOARD_MONTHS + 1).slice(0, 7),
  );

/**
 * The same days of last month as this month's 1st to `today`: 1 Oct – 23 Oct for 23 Nov; when
 * last month is shorter (31 Mar → February) it runs to last month's end.
 */
export const sameDaysLastMonth = (today: string): { from: string; to: string } => {
  const from = addMonths(monthStart(today), -1);
  return { from, to: addMonths(today, -1) };
};

/** The member an activity is about: their id and full name. */
const memberOf = (d: Record<string, unknown>) => ({
  id: Number(d.member_id),
  name: `${String(d.first_name ?? '')} ${String(d.last_name ?? '')}`.trim(),
});

const toActivity = (row: repo.ActivityRow): Activity => {
  const head = { at: row.at.toISOString(), id: row.id };
  const d = row.data;
  switch (row.kind) {
    case 'payment':
      return {
        kind: 'payment',
        ...head,
        member: memberOf(d),
        amount: koboToNaira(Number(d.kobo)),
        plan_name: String(d.plan_name),
        method: d.method as PaymentMethod,
      };
    case 'member':
      return { kind: 'member', ...head, member: memberOf(d) };
    case 'message':
      return {
        kind: 'message',
        ...head,
        channel: d.channel as never,
        group: d.group as never,
        status: d.status as never,
        recipients: Number(d.recipients),
      };
    case 'team':
      return {
        kind: 'team',
        ...head,
        event: d.event as never,
        name: String(d.name),
        role: (d.role ?? null) as never,
        by: (d.by ?? null) as string | null,
      };
  }
};

/**
 * Every figure of the dashboard for a business, counted to `today` (Lagos). The reads run side
 * by side (on PostgreSQL each on its own connection).
 */
export const dashboardOf = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
  role: Role = 'owner',
): Promise<Dashboard> => {
  const all = await allFiguresOf(ctx, businessId, today);
  return (await seesRevenue(ctx, businessId, role)) ? all : withoutRevenue(all);
};

/**
 * The dashboard without its money totals, for staff the owner has not let see revenue: the
 * revenue cards null, no revenue trend, revenue by plan, payments by method or unconfirmed
 * transfers. Counts (members, subscriptions, retention, lifecycle, expiring, activity) stay.
 */
const withoutRevenue = (d: Dashboard): Dashboard => ({
  ...d,
  revenue_visible: false,
  cards: {
    ...d.cards,
    revenue_this_month: null,
    revenue_last_month_same_days: null,
    revenue_change_percent: null,
    revenue_year_to_date: null,
  },
  revenue_trend: [],
  revenue_by_plan: [],
  payments_by_method: [],
  unconfirmed_transfers: null,
});

/** Every figure, money totals included. */
const allFiguresOf = async (
  ctx: AppContext,
  businessId: number,
  today: string,
): Promise<Dashboard> => {
  const months = trendMonths(today);
  const range = { from: `${months[0]}-01`, to: today };
  const yesterday = addDays(today, -1);
  const compare = sameDaysLastMonth(today);
  const closed = await readClosedThrough(ctx.db);
  // Transfers waiting more than two days to be ticked against the bank statement.
  const unconfirmedBefore = addDays(today, -2);
  const [money, scalars, people, expiring, activity, unconfirmed] = await Promise.all([
    repo.moneyByMonth(ctx.db, businessId, range, today, compare, closed),
    repo.scalars(
      ctx.db,
      businessId,
      {
        today,
        yesterday,
        retentionFrom: addDays(today, -RETENTION_WINDOW_DAYS),
        expiringTo: addDays(today, DASHBOARD_EXPIRING_DAYS),
      },
      closed,
    ),
    repo.membersByMonth(ctx.db, businessId, range, yesterday),
    repo.expiring(
      ctx.db,
      businessId,
      today,
      addDays(today, DASHBOARD_EXPIRING_DAYS),
      DASHBOARD_EXPIRING_LIMIT,
    ),
    repo.recentActivity(ctx.db, businessId, DASHBOARD_ACTIVITY_LIMIT),
    repo.unconfirmedTransfers(ctx.db, businessId, unconfirmedBefore),
  ]);

  const byMonth = new Map(
    months.map((m) => [m, { payments: 0, kobo: 0, firsts: 0, ended: 0, joined: 0, churned: 0 }]),
  );
  const byPlan = new Map<number, { name: string; payments: number; kobo: number }>();
  const byMethod = new Map<string, { payments: number; kobo: number }>(
    PAYMENT_METHODS.map((m) => [m, { payments: 0, kobo: 0 }]),
  );
  let compareKobo = 0;
  for (const r of money) {
    compareKobo += r.compareKobo;
    const m = byMonth.get(r.month);
    if (m) {
      m.payments += r.payments;
      m.kobo += r.kobo;
      m.firsts += r.firsts;
      m.ended += r.ended;
    }
    // A day with only refunds has no payment but takes kobo off its plan and method.
    if (r.payments > 0 || r.kobo !== 0) {
      const plan = byPlan.get(r.planId) ?? { name: r.planName, payments: 0, kobo: 0 };
      plan.payments += r.payments;
      plan.kobo += r.kobo;
      byPlan.set(r.planId, plan);
      const method = byMethod.get(r.method);
      if (method) {
        method.payments += r.payments;
        method.kobo += r.kobo;
      }
    }
  }
  for (const p of people) {
    const m = byMonth.get(p.month);
    if (m) {
      m.joined += p.joined;
      m.churned += p.churned;
    }
  }

  const thisMonth = byMonth.get(today.slice(0, 7))!;
  const yearFrom = yearStart(today).slice(0, 7);
  const ytdKobo = [...byMonth].filter(([m]) => m >= yearFrom).reduce((s, [, v]) => s + v.kobo, 0);
  const renewed = scalars.endedMembers - scalars.churnedMembers;

  return {
    today,
    revenue_visible: true,
    cards: {
      // Walk-ins are not members until they join.
      total_members: scalars.members - scalars.inactiveMembers - scalars.activeWalkIns,
      active_subscriptions: scalars.activeSubscriptions,
      revenue_this_month: koboToNaira(thisMonth.kobo),
      revenue_last_month_same_days: koboToNaira(compareKobo),
      revenue_change_percent: percent(thisMonth.kobo - compareKobo, compareKobo),
      revenue_year_to_date: koboToNaira(ytdKobo),
      retention_rate: percent(renewed, scalars.endedMembers),
      retention_ended: scalars.endedMembers,
      retention_renewed: renewed,
      frozen_members: scalars.frozenMembers,
    },
    revenue_trend: months.map((month) => {
      const m = byMonth.get(month)!;
      return { month, revenue: koboToNaira(m.kobo), payments: m.payments };
    }),
    membership_growth: months.map((month) => ({ month, new_members: byMonth.get(month)!.joined })),
    lifecycle: months.map((month) => {
      const m = byMonth.get(month)!;
      return {
        month,
        new: m.firsts,
        renewed: m.payments - m.firsts,
        expired: m.ended,
        churned: m.churned,
      };
    }),
    revenue_by_plan: [...byPlan]
      .map(([id, p]) => ({
        plan_id: id,
        name: p.name,
        revenue: koboToNaira(p.kobo),
        payments: p.payments,
      }))
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name)),
    payments_by_method: PAYMENT_METHODS.map((method) => {
      const m = byMethod.get(method)!;
      return { method, revenue: koboToNaira(m.kobo), payments: m.payments };
    }),
    expiring: {
      total: scalars.expiringTotal,
      data: expiring.map((e) => ({
        subscription_id: e.subscriptionId,
        member: {
          id: e.memberId,
          first_name: e.firstName,
          last_name: e.lastName,
          picture_url: e.pictureUrl,
          member_id: e.memberCode,
        },
        plan: { id: e.planId, name: e.planName },
        expiry_date: e.expiryDate,
        days_left: Math.round((Date.parse(e.expiryDate) - Date.parse(today)) / 86_400_000),
      })),
    },
    recent_activity: activity.map(toActivity),
    getting_started: {
      plan: scalars.hasPlan,
      member: scalars.hasMember,
      payment: scalars.hasPayment,
      team: scalars.hasTeam,
      message: scalars.hasMessage,
    },
    unconfirmed_transfers: {
      count: unconfirmed.count,
      amount: koboToNaira(unconfirmed.kobo),
      before: unconfirmedBefore,
    },
  };
};
