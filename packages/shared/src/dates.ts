/** Calendar days are 'YYYY-MM-DD' strings; "today" is the day in Lagos (Africa/Lagos), wherever the server runs. */
export const TIME_ZONE = 'Africa/Lagos';

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Lagos day asked for last, with the instants it spans: nearly every call asks about now, and
 * a hot request asks several times, so the time-zone formatter runs about once a day.
 */
let known = { day: '', from: 0, to: -1 };

/** The calendar day in Lagos at the given instant. */
export const lagosDay = (at: Date = new Date()): string => {
  const t = at.getTime();
  if (t >= known.from && t < known.to) return known.day;
  const day = dayFormatter.format(at);
  known = {
    day,
    from: Date.parse(lagosMidnight(day)),
    to: Date.parse(lagosMidnight(addDays(day, 1))),
  };
  return day;
};

const parse = (day: string): [number, number, number] => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};
const fmt = (y: number, m: number, d: number): string =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isCalendarDay = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = parse(v);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

export const addDays = (day: string, n: number): string => {
  const [y, m, d] = parse(day);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return fmt(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

/** The instant a Lagos day starts, as an ISO string (Lagos is UTC+1 all year, no daylight saving). */
export const lagosMidnight = (day: string): string =>
  new Date(`${day}T00:00:00+01:00`).toISOString();

/** The weekday of a calendar day, 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => {
  const [y, m, d] = parse(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
};

/** The Monday of the week a calendar day is in (weeks run Monday to Sunday). */
export const weekStart = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** Adds months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export const addMonths = (day: string, n: number): string => {
  const [y, m, d] = parse(day);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return fmt(ny, nm, Math.min(d, daysInMonth(ny, nm)));
};

export const DURATION_TYPES = ['day', 'week', 'month', 'year'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

export const addPeriod = (day: string, unit: DurationType, n: number): string => {
  switch (unit) {
    case 'day':
      return addDays(day, n);
    case 'week':
      return addDays(day, 7 * n);
    case 'month':
      return addMonths(day, n);
    case 'year':
      return addMonths(day, 12 * n);
  }
};

/**
 * The last day included in a period of `n` units starting on `start`. Days and weeks end the day
 * before the same weekday/date; months and years too, except when the start day does not exist
 * in the end month (31 Jan + 1 month): then the period runs to that month's last day (28/29 Feb),
 * so a renewal starts on the 1st and no day is lost.
 */
export const periodEnd = (start: string, unit: DurationType, n: number): string => {
  const next = addPeriod(start, unit, n);
  if ((unit === 'month' || unit === 'year') && Number(next.slice(8)) < Number(start.slice(8))) {
    return next; // clamped to the month's last day: that day is included
  }
  return addDays(next, -1);
};

/** First day of the Lagos month containing `day`. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;
export const yearStart = (day: string): string => `${day.slice(0, 4)}-01-01`;

/** "20 Nov 2026": a form read the same way across Nigeria. */
export const formatDay = (day: string | null | undefined): string => {
  if (!day) return 'N/A';
  const [y, m, d] = parse(day.slice(0, 10));
  if (!y || !m || !d) return 'N/A';
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
