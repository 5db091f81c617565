import { addDays, daysIncluded, dayAndMonth, formatDay } from '@kora/shared';

/** A plan's freeze rules (null limits: no limit). */
export interface FreezeRules {
  planName: string;
  allowed: boolean;
  minDays: number | null;
  maxDays: number | null;
  maxDaysPerYear: number | null;
  maxPerYear: number | null;
}

/** A freeze already on the member's record (approved, requested, ended…). */
export interface KnownFreeze {
  id: number;
  start: string;
  end: string;
  days: number;
  status: string;
}

export interface FreezeAsked {
  start: string;
  end: string;
  /** Today's Lagos day. */
  today: string;
  /** Staff may start a freeze today; a member asks from tomorrow. */
  by: 'staff' | 'member';
  /** The member's first name, as the yearly rule names them. */
  firstName: string;
  /** The plan of the member's own subscription running on the first day; null: none runs. */
  rules: FreezeRules | null;
  /** The freeze being approved, left out of the counts and the overlap check. */
  self?: number;
}

/** A refusal: the rule in words, on the field it is about (or the whole form's message). */
export interface FreezeRefusal {
  field?: 'start_date' | 'end_date';
  message: string;
}

const FREEZE_RULE_MESSAGES = {
  past: 'A freeze cannot start in the past.',
  memberFromTomorrow: 'A freeze can start tomorrow at the earliest.',
  noSubscription: 'The member has no running subscription to freeze.',
  notAllowed: 'This plan does not allow freezing.',
} as const;

/** Statuses whose days count and block other freezes on the same days. */
const COUNTED = new Set(['approved', 'ended']);
const BLOCKING = new Set(['approved', 'ended', 'requested']);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 to 10 March", "28 February to 3 March", "30 December 2026 to 5 January 2027". */
const span = (start: string, end: string, today: string): string => {
  const sameYearAsToday =
    start.slice(0, 4) === today.slice(0, 4) && end.slice(0, 4) === today.slice(0, 4);
  if (start.slice(0, 7) === end.slice(0, 7) && sameYearAsToday)
    return `${Number(start.slice(8, 10))} to ${dayAndMonth(end, today)}`;
  return `${dayAndMonth(start, today)} to ${dayAndMonth(end, today)}`;
};

/**
 * Whether a freeze from `start` to `end` (both included) keeps to the plan's rules, given the
 * member's other freezes. Answers null when it does, else the first rule it breaks, in words.
 * A "year" is the 365 days before the freeze's first day: the approved freezes that start in
 * them count towards the plan's yearly limits. Used alike by a staff freeze, a member's request
 * and an approval.
 */
export const checkFreeze = (
  asked: FreezeAsked,
  existing: readonly KnownFreeze[],
): FreezeRefusal | null => {
  const { start, end, today, rules } = asked;
  if (start < today) return { field: 'start_date', message: FREEZE_RULE_MESSAGES.past };
  if (asked.by === 'member' && start === today)
    return { field: 'start_date', message: FREEZE_RULE_MESSAGES.memberFromTomorrow };
  if (!rules) return { message: FREEZE_RULE_MESSAGES.noSubscription };
  if (!rules.allowed) return { message: FREEZE_RULE_MESSAGES.notAllowed };
  const days = daysIncluded(start, end);
  if (rules.minDays != null && days < rules.minDays)
    return {
      field: 'end_date',
      message: `A freeze on ${rules.planName} must be at least ${plural(rules.minDays, 'day', 'days')}.`,
    };
  if (rules.maxDays != null && days > rules.maxDays)
    return {
      field: 'end_date',
      message: `A freeze on ${rules.planName} must be at most ${plural(rules.maxDays, 'day', 'days')}.`,
    };
  const others = existing.filter((f) => f.id !== asked.self);
  const overlap = others
    .filter((f) => BLOCKING.has(f.status) && f.start <= end && start <= f.end)
    .sort((a, b) => a.start.localeCompare(b.start))[0];
  if (overlap)
    return {
      field: 'start_date',
      message: `It overlaps a freeze from ${span(overlap.start, overlap.end, today)}.`,
    };
  const yearStart = addDays(start, -365);
  const inYear = others
    .filter((f) => COUNTED.has(f.status) && f.start >= yearStart)
    .sort((a, b) => a.start.localeCompare(b.start));
  if (rules.maxPerYear != null && inYear.length >= rules.maxPerYear) {
    const since = inYear[0] ? ` since ${formatDay(inYear[0].start)}` : '';
    return {
      message:
        `${rules.planName} allows at most ${plural(rules.maxPerYear, 'freeze', 'freezes')} a year; ` +
        `${asked.firstName} has had ${inYear.length}${since}.`,
    };
  }
  if (rules.maxDaysPerYear != null) {
    const used = inYear.reduce((sum, f) => sum + f.days, 0);
    if (used + days > rules.maxDaysPerYear) {
      const left = Math.max(0, rules.maxDaysPerYear - used);
      return {
        field: 'end_date',
        message:
          `${rules.planName} allows at most ${rules.maxDaysPerYear} frozen days a year; ` +
          `${left} ${left === 1 ? 'is' : 'are'} left.`,
      };
    }
  }
  return null;
};
