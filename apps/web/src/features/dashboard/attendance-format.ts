import type { Attendance } from '@kora/shared';

/** The attendance panels' words. */
export const ATTENDANCE_TEXTS = {
  loadFailed: 'An error occurred while fetching attendance.',
  atRiskFailed: 'An error occurred while fetching the members at risk.',
  busiestHoursNote: 'Visits over the last 4 weeks, Lagos time.',
  noneAtRisk: 'Nobody is drifting away: every active member came in the last 14 days.',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "18 Mar" for 2026-03-18. */
export const dayLabel = (day: string): string =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** "1 visit", "12 visits". */
export const visitsText = (n: number): string =>
  `${n.toLocaleString('en-NG')} ${n === 1 ? 'visit' : 'visits'}`;

/**
 * The hours the busiest-hours grid shows: from the earliest to the latest hour anyone came
 * (6:00 to 21:00 when nobody has yet), so a phone is not filled with the night's empty hours.
 */
export const busiestHoursRange = (cells: Attendance['busiest_hours']): [number, number] => {
  const busy = cells.filter((c) => c.visits > 0).map((c) => c.hour);
  if (busy.length === 0) return [6, 21];
  return [Math.min(...busy), Math.max(...busy)];
};
