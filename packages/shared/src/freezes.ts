import { z } from 'zod';
import { idParam, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { isCalendarDay } from './dates';
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
} as const;

const day = (message: string) =>
  z
    .string({ error: message })
    .max(10, { error: message })
    .refine(isCalendarDay, { error: message });

/** From, to (the last frozen day, included) and why. */
export const freezeInputSchema = z
  .object({
    start_date: day(FREEZE_MESSAGES.startDate),
    end_date: day(FREEZE_MESSAGES.endDate),
    reason: optionalTextField({ label: 'Reason', max: FREEZE_REASON_MAX, multiLine: true }),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: FREEZE_MESSAGES.endBeforeStart });
    else if (daysIncluded(v.start_date, v.end_date) > FREEZE_DAYS_LIMIT)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: FREEZE_MESSAGES.tooLong });
  });
export type FreezeInput = z.input<typeof freezeInputSchema>;
export type FreezeData = z.infer<typeof freezeInputSchema>;

/** Ending a freeze: `on` is the day the member is back (the first day not frozen); today when absent. */
export const endFreezeSchema = z.object({ on: day(FREEZE_MESSAGES.onDate).optional() });
export type EndFreezeInput = z.infer<typeof endFreezeSchema>;

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
