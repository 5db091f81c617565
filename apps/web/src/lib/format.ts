import { addDays, formatNaira, lagosDay } from '@kora/shared';

export { formatNaira };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date or moment as the device's clock reads it; null when it is not one. A calendar day
 * ("2026-11-20") is that day on the device, not midnight UTC (which is the day before west of
 * Greenwich); a moment with its offset is shown in the device's time.
 */
const toDate = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const d = day ? new Date(+day[1]!, +day[2]! - 1, +day[3]!) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

const dayText = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const two = (n: number) => String(n).padStart(2, '0');

/** "20 Nov 2026"; N/A when there is no date. */
export const formatDate = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? dayText(d) : 'N/A';
};

/** "20 Nov 2026, 14:05". */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? `${dayText(d)}, ${two(d.getHours())}:${two(d.getMinutes())}` : 'N/A';
};

/** A phone number as the back office and the members' page show it: "0803 123 4567". */
export { formatPhone } from '@kora/shared';

export const fullName = (first?: string | null, last?: string | null): string =>
  [first, last].filter(Boolean).join(' ').trim();

/** Up to two initials for an avatar placeholder. */
export const initials = (first?: string | null, last?: string | null): string =>
  `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase() || 'U';

/**
 * When a member last came, counted in Lagos days: "Today", "Yesterday", "3 days ago", or "Never"
 * when they have not come yet.
 */
export const lastVisitText = (
  at: string | null | undefined,
  today: string = lagosDay(),
): string => {
  if (!at) return 'Never';
  const day = lagosDay(new Date(at));
  if (day >= today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  const days = Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000);
  return `${days} days ago`;
};
