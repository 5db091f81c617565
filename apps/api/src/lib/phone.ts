import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A Nigerian phone number in any usual form (0803 123 4567, +2348031234567, 2348031234567)
 * as E.164, or null when it is not a valid Nigerian number.
 */
export const toNigerianE164 = (input: string): string | null => {
  const raw = input.trim();
  // "234…" without the plus is the international form typed without it.
  const candidate = /^234\d{10}$/.test(raw.replace(/[\s-]/g, '')) ? `+${raw}` : raw;
  const parsed = parsePhoneNumberFromString(candidate, 'NG');
  if (!parsed || parsed.country !== 'NG' || !parsed.isValid()) return null;
  return parsed.number;
};

/**
 * The digits a search term should match in stored E.164 numbers: a digits-only term in the
 * local form (0803…) becomes 234803…; other terms stay as they are.
 */
export const phoneSearchDigits = (term: string): string | null => {
  const compact = term.replace(/[\s()-]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  return digits.startsWith('0') ? `234${digits.slice(1)}` : digits;
};
