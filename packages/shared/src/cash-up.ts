import { z } from 'zod';
import { DOCUMENTED, jsonNumber, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { isCalendarDay } from './dates';
import { hasAtMostTwoDecimals } from './naira';
import { MAX_LIST_PAGE_SIZE, chosenId, dateRangeCheck, dayRangeFilters } from './payments';
import { textField } from './text';

/*
 * Cash-up: at the end of a shift each team user counts the cash in their drawer. Kora shows what
 * they should hold: their own Cash payments not voided, less their Cash refunds, recorded since
 * their last cash-up (all of them before the first). It records expected, counted and the
 * difference (counted − expected). Owners and admins see everyone's; staff their own.
 */

export const CASH_UP_NOTE_MAX = 500;
/** Naira a drawer may hold at most (₦100,000,000). */
const MAX_COUNTED_NAIRA = 100_000_000;

/** What the cash-up screens say. */
export const CASH_UP_MESSAGES = {
  notMonday: 'The week must start on a Monday',
} as const;

export const cashUpSchema = z.object({
  id: z.number().int(),
  /** Whose drawer. */
  user_id: z.number().int(),
  user_name: z.string(),
  /** Naira. */
  expected: z.number(),
  counted: z.number(),
  /** counted − expected: negative is a shortfall. */
  difference: z.number(),
  note: z.string(),
  /** The previous cash-up's time (ISO); null for the first. */
  since: z.string().nullable(),
  created_at: z.string(),
  /** The Lagos day it was made on. */
  lagos_day: z.string(),
});
export type CashUp = z.infer<typeof cashUpSchema>;

/** What the signed-in user's drawer should hold now. */
export const cashUpExpectedSchema = z.object({
  /** Naira: cash_payments_total − cash_refunds_total. */
  expected: z.number(),
  since: z.string().nullable(),
  cash_payments: z.number().int(),
  cash_payments_total: z.number(),
  cash_refunds: z.number().int(),
  cash_refunds_total: z.number(),
});
export type CashUpExpected = z.infer<typeof cashUpExpectedSchema>;

export const recordCashUpSchema = z.object({
  /** Naira counted, 0 or more, at most two decimals. */
  counted: jsonNumber(
    'Counted must be a number',
    z
      .number({ error: 'Counted must be a number' })
      .min(0, { error: 'Counted cannot be negative' })
      .max(MAX_COUNTED_NAIRA, { error: 'Counted is too large' })
      .refine(hasAtMostTwoDecimals, { error: 'Counted can have at most two decimals' })
      .meta({ multipleOf: 0.01 }),
  ),
  note: textField({ label: 'Note', max: CASH_UP_NOTE_MAX, multiLine: true })
    .nullish()
    .transform((v) => v ?? ''),
});
export type RecordCashUpInput = z.input<typeof recordCashUpSchema>;
export type RecordCashUpData = z.infer<typeof recordCashUpSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const cashUpListQuery = pageQuery(MAX_LIST_PAGE_SIZE)
  .extend({
    /** Managers: one person's cash-ups; ignored for staff (they see their own). */
    user_id: z
      .preprocess(
        blankToUndefined,
        chosenId('user_id must be a whole number of at least 1').optional(),
      )
      .meta(DOCUMENTED.idOrBlank),
    ...dayRangeFilters,
    /** Only cash-ups that came up short (difference < 0). */
    short_only: z
      .preprocess(
        (v) => (v === '' || v === undefined ? undefined : v),
        z
          .enum(['true', 'false'], { error: 'short_only must be true or false' })
          .optional()
          .transform((v) => v === 'true'),
      )
      .meta(DOCUMENTED.choices(['true', 'false'], false)),
  })
  .superRefine(dateRangeCheck);
export type CashUpListQuery = z.infer<typeof cashUpListQuery>;

export const cashUpWeekQuery = z.object({
  start: z
    .string({ error: 'Start must be a date (YYYY-MM-DD)' })
    .trim()
    .max(10, { error: 'Start must be a date (YYYY-MM-DD)' })
    .refine(isCalendarDay, { error: 'Start must be a date (YYYY-MM-DD)' })
    .refine((d) => !isCalendarDay(d) || new Date(`${d}T00:00:00Z`).getUTCDay() === 1, {
      error: CASH_UP_MESSAGES.notMonday,
    })
    .meta(DOCUMENTED.day),
});
export type CashUpWeekQuery = z.infer<typeof cashUpWeekQuery>;

const cashUpDaySchema = z.object({
  day: z.string(),
  expected: z.number(),
  counted: z.number(),
  difference: z.number(),
  /** Cash-ups that day. */
  count: z.number().int(),
});

export const cashUpWeekSchema = z.object({
  /** The Monday. */
  start: z.string(),
  /** The 7 Lagos days, Monday to Sunday. */
  days: z.array(z.string()),
  people: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      days: z.array(cashUpDaySchema),
    }),
  ),
});
export type CashUpWeek = z.infer<typeof cashUpWeekSchema>;

const TAG = 'cash-up';

export const cashUpContracts = {
  expected: contract({
    method: 'GET',
    path: '/v1/cash-up/expected',
    operationId: 'getCashUpExpected',
    summary: "What the signed-in user's cash drawer should hold now",
    tag: TAG,
    access: 'cash_up.record',
    answer: answerOf(cashUpExpectedSchema),
  }),
  record: contract({
    method: 'POST',
    path: '/v1/cash-up',
    operationId: 'recordCashUp',
    summary: "Record the count of the signed-in user's cash drawer",
    description:
      'Kora computes what was expected and the difference. A retry with the same ' +
      'Idempotency-Key answers the first cash-up and records nothing new.',
    tag: TAG,
    access: 'cash_up.record',
    body: recordCashUpSchema,
    answer: answerOf(cashUpSchema),
    status: 201,
    idempotent: true,
  }),
  list: contract({
    method: 'GET',
    path: '/v1/cash-up',
    operationId: 'listCashUps',
    summary: 'A page of cash-ups, newest first (staff: their own)',
    tag: TAG,
    access: 'cash_up.read',
    query: cashUpListQuery,
    answer: pageOf(cashUpSchema),
  }),
  week: contract({
    method: 'GET',
    path: '/v1/cash-up/week',
    operationId: 'getCashUpWeek',
    summary: 'Cash-ups of a Monday-to-Sunday Lagos week, per person and day (staff: their own)',
    tag: TAG,
    access: 'cash_up.read',
    query: cashUpWeekQuery,
    answer: answerOf(cashUpWeekSchema),
  }),
};
