import {
  INVALID_NG_PHONE,
  IMPORT_FIELDS,
  addDays,
  createMemberSchema,
  foldForSearch,
  isCalendarDay,
  lagosDay,
  titleCaseName,
  type ImportField,
  type ImportMapping,
  type ImportPlanWithoutExpiry,
} from '@kora/shared';
import type { ImportSheetRow } from '../../db/schema';
import { toNigerianE164 } from '../../lib/phone';

/*
 * One sheet row read as a member, by the same rules as the Add Member form: names of at least
 * two visible characters, a real Nigerian phone number (any usual form, stored +234…), an
 * e-mail address when one is given (stored lower case), no control characters. What the form
 * would refuse, the import refuses, with the form's message.
 */

/** A member as a row gives it, ready to be stored. */
export interface RowMember {
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobileNumber: string;
  emailAddress: string | null;
  homeAddress: string | null;
  city: string;
  state: string;
  dateOfBirth: string | null;
  gender: string | null;
  emergencyContactName: string | null;
  emergencyContactNumber: string | null;
  emergencyContactRelationship: string | null;
}

/** A row read: the member when valid, what the sheet says otherwise, and the problems. */
export interface ReadRow {
  n: number;
  member: RowMember | null;
  /** Which optional fields the row gives a value for (an update changes only those). */
  given: Set<ImportField>;
  /** For the preview, even when refused: the names, phone and e-mail as read. */
  shown: { firstName: string; lastName: string; mobileNumber: string; emailAddress: string };
  /** The phone as stored (+234…) and the e-mail (lower case) when readable, even when refused. */
  keys: { mobileNumber: string | null; emailAddress: string | null };
  plan: string | null;
  expiryDate: string | null;
  /**
   * Whether the row gives the member a subscription: of one plan period ending on the expiry
   * date, or starting on the import day (a plan without an expiry date, when the owner says so).
   */
  subscription: 'expiry' | 'import_day' | null;
  problems: string[];
  /** What the row leaves out or assumes, when it is still imported. */
  warnings: string[];
}

/** How rows are read: the owner's choices on the mapping screen. */
export interface ReadOptions {
  /** Names all in capitals or all in lower case are written in Title Case. */
  titleCase: boolean;
  planWithoutExpiry: ImportPlanWithoutExpiry;
}

const DEFAULT_READ_OPTIONS: ReadOptions = { titleCase: true, planWithoutExpiry: 'none' };

/** The gym's own city and state, for rows without them. */
export interface RowDefaults {
  city: string;
  state: string;
}

const GENDER_WORDS: Record<string, 'Male' | 'Female' | 'Other'> = {
  m: 'Male',
  male: 'Male',
  man: 'Male',
  boy: 'Male',
  f: 'Female',
  female: 'Female',
  woman: 'Female',
  girl: 'Female',
  o: 'Other',
  other: 'Other',
};

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** A four-digit year from a two-digit one: within five years ahead, else last century. */
const fullYear = (yy: number, today: string): number => {
  const thisYear = Number(today.slice(0, 4));
  const year = 2000 + yy;
  return year <= thisYear + 5 ? year : year - 100;
};

/**
 * A day from a sheet cell, as `YYYY-MM-DD`, or null when it is not one. Nigerian sheets write
 * the day first: 05/03/2026 is 5 March. Also read: 2026-03-05, 5-Mar-2026, 5 March 2026,
 * March 5, 2026, two-digit years, and Excel's day numbers (46086) from a CSV.
 */
export const parseSheetDay = (text: string, today: string = lagosDay()): string | null => {
  const t = text.trim();
  if (!t) return null;
  let y: number | undefined;
  let m: number | undefined;
  let d: number | undefined;
  let match: RegExpMatchArray | null;
  if ((match = t.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = t.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/))) {
    d = Number(match[1]);
    m = Number(match[2]);
    y = match[3]!.length === 2 ? fullYear(Number(match[3]), today) : Number(match[3]);
  } else if (
    (match = t.match(/^(\d{1,2})(?:st|nd|rd|th)?[\s/-]+([A-Za-z]{3,9})\.?,?[\s/-]+(\d{4}|\d{2})$/))
  ) {
    d = Number(match[1]);
    m = MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
    y = match[3]!.length === 2 ? fullYear(Number(match[3]), today) : Number(match[3]);
  } else if ((match = t.match(/^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/))) {
    m = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
    d = Number(match[2]);
    y = Number(match[3]);
  } else if ((match = t.match(/^(\d{5})(?:\.\d+)?$/))) {
    // Excel's serial day: 1 = 1 January 1900, counted from 30 December 1899.
    const serial = Number(match[1]);
    if (serial < 1000 || serial > 80_000) return null;
    return addDays('1899-12-30', serial);
  } else return null;
  if (!m || m < 1 || m > 12) return null;
  const day = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d ?? 0)}`;
  return isCalendarDay(day) ? day : null;
};

const cellOf = (row: ImportSheetRow, mapping: ImportMapping, field: ImportField): string => {
  const column = mapping[field];
  return column === undefined ? '' : (row.cells[column] ?? '').trim();
};

/** "ADA  NWOSU" and "Ada Nwosu" are one name; a full name splits at its first space. */
const splitFullName = (full: string): { first: string; last: string; middle: string } => {
  const parts = full.split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first: parts[0] ?? '', last: '', middle: '' };
  if (parts.length === 2) return { first: parts[0]!, last: parts[1]!, middle: '' };
  return { first: parts[0]!, middle: parts.slice(1, -1).join(' '), last: parts.at(-1)! };
};

/** Expiry dates further than this are typing mistakes (2062 for 2026). */
const EXPIRY_MAX_YEARS_AHEAD = 10;

/** Reads one row as a member, with every problem the form would show. */
export const readRow = (
  row: ImportSheetRow,
  mapping: ImportMapping,
  defaults: RowDefaults,
  today: string = lagosDay(),
  options: ReadOptions = DEFAULT_READ_OPTIONS,
): ReadRow => {
  const cell = (field: ImportField) => cellOf(row, mapping, field);
  const given = new Set<ImportField>(IMPORT_FIELDS.filter((f) => cell(f) !== ''));
  const problems: string[] = [];

  let first = cell('first_name');
  let last = cell('last_name');
  let middle = cell('middle_name');
  if (mapping.full_name !== undefined && !first && !last) {
    const split = splitFullName(cell('full_name'));
    first = split.first;
    last = split.last;
    middle = middle || split.middle;
    if (first) given.add('first_name');
    if (last) given.add('last_name');
    if (split.middle) given.add('middle_name');
  }
  const name = (text: string) => (options.titleCase ? titleCaseName(text) : text);
  first = name(first);
  last = name(last);
  middle = name(middle);
  const emergencyName = name(cell('emergency_contact_name'));

  const gender = cell('gender');
  const genderValue = gender ? GENDER_WORDS[foldForSearch(gender).replace(/\.$/, '')] : null;
  if (gender && !genderValue) problems.push('Gender must be Male, Female or Other');

  const dobText = cell('date_of_birth');
  const dob = dobText ? parseSheetDay(dobText, today) : null;
  if (dobText && !dob) problems.push('Date of birth is not a date (write it as DD/MM/YYYY)');

  const input = {
    first_name: first,
    middle_name: middle || null,
    last_name: last,
    mobile_number: cell('mobile_number'),
    email_address: cell('email_address') || null,
    home_address: cell('home_address') || null,
    city: cell('city') || defaults.city,
    state: cell('state') || defaults.state,
    country_code: 'NG',
    date_of_birth: dob,
    gender: genderValue ?? null,
    emergency_contact_name: emergencyName || null,
    emergency_contact_number: cell('emergency_contact_number') || null,
    emergency_contact_relationship: cell('emergency_contact_relationship') || null,
  };
  // The phone in any usual form (Excel drops the leading zero: 8031234567) as +234…; the form's
  // rules then see the number as stored.
  const mobile = input.mobile_number ? toNigerianE164(input.mobile_number) : null;
  const parsed = createMemberSchema.safeParse({
    ...input,
    mobile_number: mobile ?? input.mobile_number,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // An empty required cell says "missing" rather than "at least 2 characters".
      if (field === 'mobile_number' && !input.mobile_number)
        problems.push('Phone number is missing');
      else if (field === 'mobile_number') problems.push(INVALID_NG_PHONE);
      else problems.push(issue.message);
    }
  }
  if (input.mobile_number && !mobile) problems.push(INVALID_NG_PHONE);
  const emergencyText = input.emergency_contact_number;
  const emergency = emergencyText ? toNigerianE164(emergencyText) : null;
  if (emergencyText && !emergency)
    problems.push(`Emergency contact number: ${INVALID_NG_PHONE.toLowerCase()}`);

  // A plan with its expiry date gives a subscription; either alone still imports the member,
  // with a warning (a plan alone starts on the import day when the owner chose so).
  const plan = cell('plan') || null;
  const expiryText = cell('expiry_date');
  const warnings: string[] = [];
  let expiryDate: string | null = null;
  let subscription: ReadRow['subscription'] = null;
  if (plan && expiryText) {
    expiryDate = parseSheetDay(expiryText, today);
    if (!expiryDate) problems.push('Expiry date is not a date (write it as DD/MM/YYYY)');
    else if (expiryDate > addDays(today, 366 * EXPIRY_MAX_YEARS_AHEAD))
      problems.push(`Expiry date is more than ${EXPIRY_MAX_YEARS_AHEAD} years away`);
    else if (expiryDate < '2000-01-01') problems.push('Expiry date is before 2000');
    else subscription = 'expiry';
  } else if (plan && options.planWithoutExpiry === 'import_day') {
    subscription = 'import_day';
    warnings.push(
      `No expiry date for the plan “${plan.slice(0, 100)}”: it starts on the import day`,
    );
  } else if (plan) {
    warnings.push(
      `No expiry date for the plan “${plan.slice(0, 100)}”: imported without a subscription`,
    );
  } else if (expiryText) {
    warnings.push('No plan for the expiry date: imported without a subscription');
  }

  const unique = [...new Set(problems)];
  const data = parsed.success ? parsed.data : null;
  const member: RowMember | null =
    data && mobile && (!emergencyText || emergency) && unique.length === 0
      ? {
          firstName: data.first_name,
          middleName: data.middle_name ?? null,
          lastName: data.last_name,
          mobileNumber: mobile,
          emailAddress: data.email_address ?? null,
          homeAddress: data.home_address ?? null,
          city: data.city,
          state: data.state,
          dateOfBirth: data.date_of_birth ?? null,
          gender: data.gender ?? null,
          emergencyContactName: data.emergency_contact_name ?? null,
          emergencyContactNumber: emergency,
          emergencyContactRelationship: data.emergency_contact_relationship ?? null,
        }
      : null;
  return {
    n: row.n,
    member,
    given,
    shown: {
      firstName: (data?.first_name ?? first).slice(0, 100),
      lastName: (data?.last_name ?? last).slice(0, 100),
      mobileNumber: (mobile ?? input.mobile_number).slice(0, 30),
      emailAddress: (data?.email_address ?? input.email_address ?? '').slice(0, 254),
    },
    keys: {
      mobileNumber: mobile,
      emailAddress: data ? (data.email_address ?? null) : emailKey(input.email_address),
    },
    plan: plan ? plan.slice(0, 100) : null,
    expiryDate,
    subscription,
    problems: unique,
    warnings,
  };
};

/** A cell's e-mail in the form it is stored in, when it is one. */
const emailKey = (text: string | null): string | null => {
  const parsed = createMemberSchema.shape.email_address.safeParse(text);
  return parsed.success ? (parsed.data ?? null) : null;
};

/**
 * Rows repeating an earlier valid row's phone number or e-mail are refused ("Same phone number
 * as row 12"): a file lists each person once. A row refused for another reason is checked too,
 * so it reports every reason at once. Answers the problem per row number.
 */
export const repeatsInFile = (rows: ReadRow[]): Map<number, string> => {
  const phones = new Map<string, number>();
  const emails = new Map<string, number>();
  const repeats = new Map<number, string>();
  for (const r of rows) {
    const { mobileNumber, emailAddress } = r.keys;
    const phoneRow = mobileNumber ? phones.get(mobileNumber) : undefined;
    const emailRow = emailAddress ? emails.get(emailAddress) : undefined;
    if (phoneRow !== undefined) repeats.set(r.n, `Same phone number as row ${phoneRow}`);
    else if (emailRow !== undefined) repeats.set(r.n, `Same email address as row ${emailRow}`);
    else if (r.member) {
      // Only a row that will be imported is the one later rows repeat.
      phones.set(r.member.mobileNumber, r.n);
      if (r.member.emailAddress) emails.set(r.member.emailAddress, r.n);
    }
  }
  return repeats;
};
