import dayjs from 'dayjs';
import { addDays, formatNaira, lagosDay } from '@kora/shared';

export { formatNaira };

/** "20 Nov 2026"; N/A when there is no date. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (!value) return 'N/A';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY') : 'N/A';
};

/** "20 Nov 2026, 14:05". */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  if (!value) return 'N/A';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm') : 'N/A';
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
