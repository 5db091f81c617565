import dayjs from 'dayjs';
import { formatNaira } from '@kora/shared';

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

/** A Nigerian number in the local form people dial: +234 803 123 4567 → 08031234567. */
export const formatPhoneLocal = (phone: string | null | undefined): string => {
  if (!phone) return '';
  const compact = phone.replace(/[\s()-]/g, '');
  const international = /^(?:\+|00)?234(\d{10})$/.exec(compact);
  if (international) return `0${international[1]}`;
  return compact;
};

export const fullName = (first?: string | null, last?: string | null): string =>
  [first, last].filter(Boolean).join(' ').trim();

/** Up to two initials for an avatar placeholder. */
export const initials = (first?: string | null, last?: string | null): string =>
  `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase() || 'U';
