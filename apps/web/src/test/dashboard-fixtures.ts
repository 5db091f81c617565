import type { Activity, Dashboard, ExpiringSubscription } from '@kora/shared';
import { emptyDashboard } from '@/features/dashboard';

/** The twelve months up to November 2026, oldest first. */
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

/** The tests' clock: 23 Nov 2026, 15:00 in Lagos. */
export const NOW = new Date('2026-11-23T14:00:00.000Z');
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString();

/** Ada Nwosu's Monthly subscription ends today; Musa Bello's Quarterly in 3 days. */
const expiring = (overrides: Partial<ExpiringSubscription> = {}): ExpiringSubscription => ({
  subscription_id: 71,
  member: {
    id: 12,
    first_name: 'Ada',
    last_name: 'Nwosu',
    picture_url: null,
    member_id: 'IRG-00012',
  },
  plan: { id: 7, name: 'Monthly' },
  expiry_date: '2026-11-23',
  days_left: 0,
  ...overrides,
});

/** One of each kind of recent activity, newest first. */
const activity: Activity[] = [
  {
    kind: 'payment',
    at: minutesAgo(5),
    id: 31,
    member: { id: 12, name: 'Ada Nwosu' },
    amount: 25000,
    plan_name: 'Monthly',
    method: 'Transfer',
  },
  { kind: 'member', at: minutesAgo(180), id: 12, member: { id: 12, name: 'Ada Nwosu' } },
  {
    kind: 'message',
    at: minutesAgo(24 * 60),
    id: 9,
    channel: 'sms',
    group: 'all_members',
    status: 'SENT',
    recipients: 120,
  },
  {
    kind: 'team',
    at: '2026-06-01T10:00:00.000Z',
    id: 3,
    event: 'invited',
    name: 'Bola Ade',
    role: 'staff',
    by: 'Tunde',
  },
  {
    kind: 'team',
    at: '2026-06-01T09:00:00.000Z',
    id: 2,
    event: 'invitation_revoked',
    name: 'Kemi Ojo',
    role: 'staff',
    by: null,
  },
];

/** Iron Gym on 23 Nov 2026, a year of payments behind it. */
export const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  today: '2026-11-23',
  revenue_visible: true,
  cards: {
    total_members: 1480,
    active_subscriptions: 96,
    revenue_this_month: 1250000,
    revenue_last_month_same_days: 1111111.11,
    revenue_change_percent: 12.5,
    revenue_year_to_date: 12345678.5,
    retention_rate: 82.4,
    retention_ended: 120,
    retention_renewed: 99,
    frozen_members: 0,
  },
  revenue_trend: MONTHS.map((month, i) => ({
    month,
    revenue: i === 11 ? 1250000 : 800000 + i * 10000,
    payments: 30 + i,
  })),
  membership_growth: MONTHS.map((month, i) => ({ month, new_members: i + 1 })),
  lifecycle: MONTHS.map((month, i) => ({
    month,
    new: 10 + i,
    renewed: 20 + i,
    expired: 5,
    churned: i % 3,
  })),
  revenue_by_plan: [
    { plan_id: 8, name: 'Quarterly', revenue: 6000000, payments: 90 },
    { plan_id: 7, name: 'Monthly', revenue: 4500000.5, payments: 180 },
  ],
  payments_by_method: [
    { method: 'Cash', revenue: 2500000, payments: 100 },
    { method: 'Card', revenue: 0, payments: 0 },
    { method: 'Transfer', revenue: 7500000, payments: 170 },
  ],
  expiring: {
    total: 12,
    data: [
      expiring(),
      expiring({
        subscription_id: 72,
        member: {
          id: 9,
          first_name: 'Musa',
          last_name: 'Bello',
          picture_url: null,
          member_id: 'IRG-00009',
        },
        plan: { id: 8, name: 'Quarterly' },
        expiry_date: '2026-11-26',
        days_left: 3,
      }),
    ],
  },
  recent_activity: activity,
  getting_started: { plan: true, member: true, payment: true, team: true, message: true },
  unconfirmed_transfers: { count: 0, amount: 0, before: '2026-11-21' },
  ...overrides,
});

const EMPTY = emptyDashboard('2026-11-23');

/** A business a week old: a plan and a member, no payment yet. */
export const newBusiness = (): Dashboard =>
  dashboard({
    cards: { ...EMPTY.cards, total_members: 1 },
    revenue_trend: MONTHS.map((month) => ({ month, revenue: 0, payments: 0 })),
    membership_growth: MONTHS.map((month, i) => ({ month, new_members: i === 11 ? 1 : 0 })),
    lifecycle: MONTHS.map((month) => ({ month, new: 0, renewed: 0, expired: 0, churned: 0 })),
    revenue_by_plan: EMPTY.revenue_by_plan,
    payments_by_method: EMPTY.payments_by_method,
    expiring: EMPTY.expiring,
    recent_activity: [activity[1]!],
    getting_started: { plan: true, member: true, payment: false, team: false, message: false },
  });
