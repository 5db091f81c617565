import { isCardCode } from './check-in';
import { foldForSearch } from './members';

/*
 * How the desk's lookup reads what was typed or scanned. The API reads it this way against the
 * database and the web app against the members kept on the device when the network is down, so
 * both find the same member from the same text.
 */

/** What the lookup reads a text as; first match wins (card, phone, member ID, name). */
export type LookupReading =
  | { by: 'card'; code: string }
  | { by: 'phone'; e164: string }
  | { by: 'member_id'; id: { code: string } | { number: string } }
  | { by: 'name'; folded: string }
  | { by: 'none' };

/** A member ID as written (IRON-00042, any case) or its number alone (42: 1–9 digits). */
const MEMBER_CODE = /^([a-z0-9]{1,8})-(\d{1,9})$/i;
const MEMBER_NUMBER = /^\d{1,9}$/;
/** A phone in any usual form: digits, a leading +, spaces, dashes and brackets. */
const PHONE_LIKE = /^\+?[\d\s()-]{10,}$/;

/** A member ID's number as member IDs write it: five digits at least (42 → 00042). */
const padded = (digits: string) => String(Number(digits)).padStart(5, '0');

/**
 * A Nigerian mobile number in the forms people type it (0803 123 4567, +234 803 123 4567,
 * 234 803 123 4567, 803 123 4567; spaces, dashes and brackets allowed) as E.164
 * (+2348031234567), or null when it is not one. Mobile numbers only: the ten digits after the
 * country code start with 7, 8 or 9.
 */
export const nigerianMobileE164 = (text: string): string | null => {
  const compact = text.trim().replace(/[\s()-]/g, '');
  const national = /^(?:\+234|234|0)?([789][01]\d{8})$/.exec(compact)?.[1];
  return national ? `+234${national}` : null;
};

/**
 * How the desk's text is read, first match wins: a card code, a Nigerian phone in any form
 * (`toE164` decides what a valid number is), a member ID (with the business code, or its number
 * alone), else a name (lower case, accents optional).
 */
export const readLookup = (
  q: string,
  toE164: (text: string) => string | null = nigerianMobileE164,
): LookupReading => {
  const text = q.trim();
  if (!text) return { by: 'none' };
  if (isCardCode(text)) return { by: 'card', code: text.toLowerCase() };
  if (PHONE_LIKE.test(text)) {
    const e164 = toE164(text);
    if (e164) return { by: 'phone', e164 };
  }
  const code = MEMBER_CODE.exec(text);
  if (code)
    return { by: 'member_id', id: { code: `${code[1]!.toUpperCase()}-${padded(code[2]!)}` } };
  if (MEMBER_NUMBER.test(text)) return { by: 'member_id', id: { number: padded(text) } };
  const folded = foldForSearch(text);
  return folded ? { by: 'name', folded } : { by: 'none' };
};
