import {
  TIME_ZONE,
  addDays,
  addMonths,
  formatDay,
  formatNaira,
  lagosDay,
  type Dashboard,
  type DashboardCards,
} from '@kora/shared';

/** The dashboard's words and numbers, shared by its cards, charts and lists. */

export const DASHBOARD_TEXTS = {
  loadFailed: 'An error occurred while fetching the dashboard.',
  noChange: 'No payments in the same days last month',
  noRetention: (days: number) => `No subscription ended in the last ${days} days`,
  noPayments: 'No payments in the last 12 months',
} as const;

/** A dashboard with nothing to count on `today`: no members, payments or steps done. */
export const emptyDashboard = (today: string): Dashboard => ({
  today,
  revenue_visible: true,
  cards: {
    total_members: 0,
    active_subscriptions: 0,
    revenue_this_month: 0,
    revenue_last_month_same_days: 0,
    revenue_change_percent: null,
    revenue_year_to_date: 0,
    retention_rate: null,
    retention_ended: 0,
    retention_renewed: 0,
    frozen_members: 0,
  },
  revenue_trend: [],
  membership_growth: [],
  lifecycle: [],
  revenue_by_plan: [],
  payments_by_method: [],
  expiring: { total: 0, data: [] },
  recent_activity: [],
  getting_started: { plan: false, member: false, payment: false, team: false, message: false },
  unconfirmed_transfers: { count: 0, amount: 0, before: addDays(today, -2) },
});

const count = new Intl.NumberFormat('en-NG');
const percent = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
/** Three letters each, whatever the browser's locale data ("Sept" in some). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLong = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const lagosTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const relative = new Intl.RelativeTimeFormat('en-NG', { style: 'short', numeric: 'always' });

/** 1234 → "1,234". */
export const formatCount = (n: number) => count.format(n);

/** 82.4 → "82.4%". */
export const formatPercent = (n: number) => `${percent.format(n)}%`;

/** Axis ticks: 1234567 → "₦1.2M", 450000 → "₦450K". */
export const compactNaira = (n: number) => `₦${compact.format(n)}`;

/** Axis ticks of counts: whole numbers only. */
export const compactCount = (n: number) => compact.format(n);

const yearMonth = (month: string) => month.split('-').map(Number) as [number, number];

/** "2025-11" → "Nov 2025": the charts' months, with the whole year (not a day of the month). */
export const monthLabel = (month: string) => {
  const [y, m] = yearMonth(month);
  return `${MONTHS[m - 1]} ${y}`;
};

/**
 * A plan's name on a chart's axis: whole words on up to two lines of `width` characters; what
 * does not fit ends the second line with "…" (the full name shows on hover).
 */
export const planNameLines = (name: string, width = 14): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of name.trim().split(/\s+/)) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= width) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const cut = (text: string) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
  return lines.length <= 2 ? lines.map(cut) : [cut(lines[0]!), cut(lines.slice(1).join(' '))];
};

/** "2025-11" → "November 2025": the tables' months. */
export const monthName = (month: string) => {
  const [y, m] = yearMonth(month);
  return monthLong.format(new Date(Date.UTC(y, m - 1, 1)));
};

/**
 * The days of last month the revenue is compared with: "1–23 Oct" on 23 Nov, "1–28 Feb" on 31
 * Mar (February ends sooner), "1 Oct" on 1 Nov.
 */
export const sameDaysLastMonth = (today: string) => {
  const end = addMonths(today, -1);
  const [, m, d] = end.split('-').map(Number) as [number, number, number];
  const name = MONTHS[m - 1];
  return d === 1 ? `1 ${name}` : `1–${d} ${name}`;
};

export type Trend = 'up' | 'down' | 'flat';

/** The revenue card's hint: "+12.5% vs 1–23 Oct", or why there is no comparison. */
export const revenueChange = (
  cards: Pick<DashboardCards, 'revenue_change_percent'>,
  today: string,
): { text: string; trend: Trend | null } => {
  const change = cards.revenue_change_percent;
  if (change === null) return { text: DASHBOARD_TEXTS.noChange, trend: null };
  const trend: Trend = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return {
    text: `${sign}${formatPercent(Math.abs(change))} vs ${sameDaysLastMonth(today)}`,
    trend,
  };
};

const members = (n: number) => `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;

/** What the retention rate is of: "Of 120 members whose subscription ended in the last 90 days, 99 renewed". */
export const retentionHint = (
  cards: Pick<DashboardCards, 'retention_rate' | 'retention_ended' | 'retention_renewed'>,
  days: number,
) =>
  cards.retention_rate === null
    ? DASHBOARD_TEXTS.noRetention(days)
    : `Of ${members(cards.retention_ended)} whose subscription ended in the last ${days} days, ${formatCount(cards.retention_renewed)} renewed`;

/** An expiring subscription's time left: "Ends today", "Ends tomorrow", "Ends in 3 days". */
export const endsIn = (daysLeft: number) =>
  daysLeft <= 0 ? 'Ends today' : daysLeft === 1 ? 'Ends tomorrow' : `Ends in ${daysLeft} days`;

/** An instant as a Lagos clock reads it: "20 Nov 2026, 14:05". */
export const lagosDateTime = (at: string) => lagosTime.format(new Date(at));

/**
 * How long ago, in Lagos days: "Just now", "5 min ago", "3 hr ago" (today), "Yesterday", then the
 * day ("20 Nov 2026").
 */
export const timeAgo = (at: string, now: Date = new Date()) => {
  const then = new Date(at);
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const day = lagosDay(then);
  const today = lagosDay(now);
  if (day === today) return relative.format(-Math.floor(minutes / 60), 'hour');
  if (day === addDays(today, -1)) return 'Yesterday';
  return formatDay(day);
};

export { formatNaira };
