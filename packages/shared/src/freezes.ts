import { z } from 'zod';
import { DOCUMENTED, addFieldIssue, idParam, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { isCalendarDay } from './dates';
import { formatNaira } from './naira';
import { PAYMENT_METHODS } from './payments';
import { optionalTextField } from './text';

/*
 * Freezes: a member's membership paused for some days. The days frozen are added to the end of
 * the running subscription (and of every renewal already paid after it), so the member loses
 * nothing. Staff freeze a member at once; a member asks from their page and staff approve (or
 * the business approves automatically when the request keeps to the plan's rules).
 */

export const FREEZE_STATUSES = ['requested', 'approved', 'declined', 'ended', 'cancelled'] as const;
export type FreezeStatus = (typeof FREEZE_STATUSES)[number];

export const FREEZE_REQUESTED_BY = ['staff', 'member'] as const;
export type FreezeRequestedBy = (typeof FREEZE_REQUESTED_BY)[number];

/** The longest freeze anyone may set, whatever the plan says (a year). */
export const FREEZE_DAYS_LIMIT = 366;
/** A freeze may start at most this many days ahead. */
export const FREEZE_START_AHEAD_DAYS = 366;
export const FREEZE_REASON_MAX = 500;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "14 March", or "14 March 2027" when the day is not in `today`'s year. */
export const dayAndMonth = (day: string, today: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const text = `${d} ${MONTHS[m - 1] ?? ''}`;
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text} ${y}`;
};

/** What the desk reads for a member frozen today: "Frozen until 14 March". */
export const frozenUntilText = (endDate: string, today: string): string =>
  `Frozen until ${dayAndMonth(endDate, today)}`;

/** Days from `from` to `to`, both included (10 Jan → 19 Jan is 10 days). */
export const daysIncluded = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const FREEZE_MESSAGES = {
  startDate: 'Choose the first day of the freeze',
  endDate: 'Choose the last day of the freeze',
  endBeforeStart: 'The last day cannot be before the first day',
  tooLong: `A freeze can be at most ${FREEZE_DAYS_LIMIT} days`,
  onDate: 'Choose the day the member is back',
  notFound: 'Freeze not found.',
  notRequested: 'This freeze is not waiting for approval.',
  notRunning: 'Only an approved freeze can be ended.',
  endOutside:
    'The day the member is back must be between the first day of the freeze and the day after its last day.',
  alreadyOver: 'This freeze is already over.',
  feeMethod: 'Choose Cash, Card or Transfer',
} as const;

/** A plan with a freeze fee: staff say how the member paid it when they freeze or approve. */
export const freezeFeeMessage = (naira: number) =>
  `This plan charges ${formatNaira(naira)} for a freeze: choose how the member paid it.`;

const feeMethod = z.enum(PAYMENT_METHODS, { error: FREEZE_MESSAGES.feeMethod });

const day = (message: string) =>
  z
    .string({ error: message })
    .max(10, { error: message })
    .refine(isCalendarDay, { error: message })
    .meta(DOCUMENTED.day);

/** From, to (the last frozen day, included) and why. */
export const freezeInputSchema = z
  .object({
    start_date: day(FREEZE_MESSAGES.startDate),
    end_date: day(FREEZE_MESSAGES.endDate),
    reason: optionalTextField({ label: 'Reason', max: FREEZE_REASON_MAX, multiLine: true }),
    /** How the member paid the plan's freeze fee (staff, when the plan charges one). */
    fee_method: feeMethod.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) addFieldIssue(ctx, 'end_date', FREEZE_MESSAGES.endBeforeStart);
    else if (daysIncluded(v.start_date, v.end_date) > FREEZE_DAYS_LIMIT)
      addFieldIssue(ctx, 'end_date', FREEZE_MESSAGES.tooLong);
  });
export type FreezeInput = z.input<typeof freezeInputSchema>;
export type FreezeData = z.infer<typeof freezeInputSchema>;

/** Ending a freeze: `on` is the day the member is back (the first day not frozen); today when absent. */
export const endFreezeSchema = z.object({ on: day(FREEZE_MESSAGES.onDate).optional() });
export type EndFreezeInput = z.infer<typeof endFreezeSchema>;

/** Approving a request: how the member paid the plan's freeze fee, when it charges one. */
export const approveFreezeSchema = z.object({ fee_method: feeMethod.optional() });
export type ApproveFreezeInput = z.infer<typeof approveFreezeSchema>;

export const declineFreezeSchema = z.object({
  reason: optionalTextField({ label: 'Reason', max: FREEZE_REASON_MAX, multiLine: true }),
});
export type DeclineFreezeInput = z.infer<typeof declineFreezeSchema>;

/** A freeze as the API answers it. */
export const freezeSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  /** YYYY-MM-DD: the first frozen day. */
  start_date: z.string(),
  /** YYYY-MM-DD: the last frozen day, included. */
  end_date: z.string(),
  /** Days frozen, both ends included (fewer once ended early). */
  days: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(FREEZE_STATUSES),
  requested_by: z.enum(FREEZE_REQUESTED_BY),
  /** ISO instant. */
  created_at: z.string(),
  /** ISO instant of the approval or decline; null while requested. */
  decided_at: z.string().nullable(),
  /** The team user who approved or declined (null: automatic approval, or still requested). */
  decided_by: z.string().nullable(),
  /** The freeze fee paid (naira) and how; null when the plan charges none. */
  fee: z.number().nullable().optional(),
  fee_method: z.enum(PAYMENT_METHODS).nullable().optional(),
  /** A request's plan fee (naira) the staff take when approving it; null when free. */
  fee_due: z.number().nullable().optional(),
  /** The receipt number of the fee's payment (a freeze fee is a payment); null: no fee paid. */
  fee_receipt_number: z.string().nullable().optional(),
});
export type Freeze = z.infer<typeof freezeSchema>;

/** A pending request in the dashboard's list: the freeze with its member's name and ID. */
export const freezeRequestSchema = freezeSchema.extend({
  member: z.object({
    id: z.number().int(),
    member_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
});
export type FreezeRequest = z.infer<typeof freezeRequestSchema>;

const freezeParams = idParam.extend({ freeze_id: idParam.shape.id });

const TAG = 'freezes';

export const freezeContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/member/:id/freeze',
    operationId: 'listMemberFreezes',
    summary: "A member's freezes, newest first",
    tag: TAG,
    access: 'members.read',
    params: idParam,
    answer: answerOf(z.object({ freezes: z.array(freezeSchema) })),
  }),
  create: contract({
    method: 'POST',
    path: '/v1/member/:id/freeze',
    operationId: 'createFreeze',
    summary: 'Freeze a member (approved at once) within the plan’s rules',
    description:
      'The running subscription ends `days` later, and every renewal already paid after it moves ' +
      'by the same days. A refusal by the plan’s rules answers 422 with the rule in words.',
    tag: TAG,
    access: 'freezes.manage',
    params: idParam,
    body: freezeInputSchema,
    answer: answerOf(freezeSchema),
    status: 201,
    idempotent: true,
  }),
  end: contract({
    method: 'POST',
    path: '/v1/member/:id/freeze/:freeze_id/end',
    operationId: 'endFreeze',
    summary: 'End a freeze early: the member is back on `on` (today when absent)',
    tag: TAG,
    access: 'freezes.manage',
    params: freezeParams,
    body: endFreezeSchema,
    answer: answerOf(freezeSchema),
  }),
  approve: contract({
    method: 'POST',
    path: '/v1/member/:id/freeze/:freeze_id/approve',
    operationId: 'approveFreeze',
    summary: "Approve a member's freeze request",
    tag: TAG,
    access: 'freezes.manage',
    params: freezeParams,
    body: approveFreezeSchema,
    answer: answerOf(freezeSchema),
  }),
  decline: contract({
    method: 'POST',
    path: '/v1/member/:id/freeze/:freeze_id/decline',
    operationId: 'declineFreeze',
    summary: "Decline a member's freeze request",
    tag: TAG,
    access: 'freezes.manage',
    params: freezeParams,
    body: declineFreezeSchema,
    answer: answerOf(freezeSchema),
  }),
  requests: contract({
    method: 'GET',
    path: '/v1/freeze-request',
    operationId: 'listFreezeRequests',
    summary: 'Freeze requests waiting for approval, newest first',
    tag: TAG,
    access: 'members.read',
    query: pageQuery(100),
    answer: pageOf(freezeRequestSchema),
  }),
};

/** A plan's freeze rules, as freezeRulesText reads them (the plan answer's fields). */
export interface FreezeRulesOfPlan {
  freeze_allowed: boolean;
  freeze_min_days: number | null;
  freeze_max_days: number | null;
  freeze_max_days_per_year: number | null;
  freeze_max_per_year: number | null;
  freeze_fee: number | null;
}

const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A plan's freeze rules in words, for a screen or the member's page: "Freezing not allowed", or
 * "7 to 30 days a freeze; at most 2 freezes and 60 days a year; fee ₦2,500".
 */
export const freezeRulesText = (p: FreezeRulesOfPlan): string => {
  if (!p.freeze_allowed) return 'Freezing not allowed';
  const min = p.freeze_min_days;
  const max = p.freeze_max_days;
  const length =
    min && max
      ? `${min} to ${daysText(max)} a freeze`
      : min
        ? `at least ${daysText(min)} a freeze`
        : max
          ? `at most ${daysText(max)} a freeze`
          : 'any length';
  const year = [
    p.freeze_max_per_year
      ? `${p.freeze_max_per_year} ${p.freeze_max_per_year === 1 ? 'freeze' : 'freezes'}`
      : null,
    p.freeze_max_days_per_year ? daysText(p.freeze_max_days_per_year) : null,
  ].filter(Boolean);
  return [
    length,
    year.length ? `at most ${year.join(' and ')} a year` : null,
    p.freeze_fee ? `fee ${formatNaira(p.freeze_fee)}` : 'no fee',
  ]
    .filter(Boolean)
    .join('; ');
};
