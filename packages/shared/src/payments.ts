import { z } from 'zod';
import { choiceFilter, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { DURATION_TYPES, isCalendarDay } from './dates';
import { memberSchema } from './members';
import { nairaAmount } from './money';
import { MAX_GROUP_LIMIT, planSchema } from './plans';
import { textField, visibleLength } from './text';

/** The ways a gym takes a payment: the record-payment form offers these three. */
export const PAYMENT_METHODS = ['Cash', 'Card', 'Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DEFAULT_PAYMENT_PURPOSE = 'Subscription payment';
export const PAYMENT_PURPOSE_MAX = 200;
/** Plan periods one payment may buy (10 years of a monthly plan). */
export const MAX_PAYMENT_DURATION = 120;
/** The most rows one page of payments or subscriptions answers. */
export const MAX_LIST_PAGE_SIZE = 100;
/** `Idempotency-Key` header: a retried request with the same key records nothing new. */
export const IDEMPOTENCY_KEY_MAX = 100;

const MAX_ID = 2_147_483_647;

/** A required id chosen in a form: empty, missing or not a positive integer gives `message`. */
export const chosenId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

/** Plan periods bought by one payment (or one payment link): 1 … MAX_PAYMENT_DURATION. */
export const planPeriods = z.coerce
  .number({ error: 'Duration must be at least 1' })
  .int({ error: 'Duration must be a whole number' })
  .min(1, { error: 'Duration must be at least 1' })
  .max(MAX_PAYMENT_DURATION, { error: `Duration must be at most ${MAX_PAYMENT_DURATION}` });

const GROUP_MEMBER_PICK = 'Please select a member to cover';
const GROUP_MEMBER_TWICE = 'Each member can be covered only once';
export const GROUP_MEMBER_PAYER = 'The payer is already covered: choose other members';
/** A group plan of `limit` members covers the payer and at most `limit` − 1 others. */
export const groupTooLarge = (limit: number) =>
  `This group plan covers up to ${limit} member${limit === 1 ? '' : 's'}, the payer included: ` +
  `choose at most ${limit - 1} other${limit - 1 === 1 ? '' : 's'}.`;
export const PLAN_NOT_GROUPED =
  'This plan covers one member only: choose a group plan to cover other members.';

/**
 * For a group plan: the other members the payment covers (the payer is `member_id`), each at
 * most once. How many the plan allows (its group limit − 1) the server checks.
 */
export const groupMemberIds = z
  .array(chosenId(GROUP_MEMBER_PICK), { error: GROUP_MEMBER_PICK })
  .max(MAX_GROUP_LIMIT - 1, { error: `At most ${MAX_GROUP_LIMIT - 1} members can be covered` })
  .refine((ids) => new Set(ids).size === ids.length, { error: GROUP_MEMBER_TWICE });

/** A group plan's payer is covered already: the server refuses them among the others. */
export const recordPaymentSchema = z.object({
  member_id: chosenId('Please select a member'),
  subscription_type_id: chosenId('Please select a subscription plan'),
  /** Naira; must equal plan amount × duration (the server computes it and refuses a mismatch). */
  amount: nairaAmount(),
  purpose: textField({ label: 'Purpose', max: PAYMENT_PURPOSE_MAX })
    .nullish()
    .transform((v) => (v && visibleLength(v) > 0 ? v : DEFAULT_PAYMENT_PURPOSE)),
  method: z.enum(PAYMENT_METHODS, { error: 'Please select a payment method' }),
  /** Number of plan periods bought (a 3-month plan × 2 = 6 months). */
  duration: planPeriods,
  group_member_ids: groupMemberIds.optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPaymentData = z.infer<typeof recordPaymentSchema>;

/** An empty query value (`?member_id=`) means "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional id filter in a query string. */
const idFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(1, { error: `${label} must be at least 1` })
      .max(MAX_ID, { error: `${label} is too large` })
      .optional(),
  );

/** An optional calendar day filter, YYYY-MM-DD. */
export const dayFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .trim()
      .max(10, { error: `${label} must be a date (YYYY-MM-DD)` })
      .refine(isCalendarDay, {
        error: `${label} must be a date (YYYY-MM-DD)`,
      })
      .optional(),
  );

export const END_BEFORE_START = 'End date must be on or after the start date';

/** start_date/end_date: end on or after start (both inclusive). */
export const dateRangeCheck = (
  v: { start_date?: string; end_date?: string },
  ctx: z.RefinementCtx,
) => {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: END_BEFORE_START });
};

/** The payment and subscription lists' filters of the member and the plan bought. */
export const memberPlanFilters = {
  member_id: idFilter('member_id'),
  subscription_type_id: idFilter('subscription_type_id'),
};

/** A range of days, `start_date` … `end_date`, both included; either end may be open. */
export const dayRangeFilters = {
  start_date: dayFilter('Start date'),
  end_date: dayFilter('End date'),
};

/**
 * The payment list's filters (its export takes the same). Dates are Lagos days the payment was
 * recorded on (`paid_on`), inclusive. Empty values mean no filter.
 */
export const paymentFilters = {
  ...memberPlanFilters,
  method: choiceFilter(PAYMENT_METHODS, 'Payment method must be Cash, Card or Transfer'),
  ...dayRangeFilters,
};

export const paymentListQuery = pageQuery(MAX_LIST_PAGE_SIZE)
  .extend(paymentFilters)
  .superRefine(dateRangeCheck);
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** The member as a payment or subscription row shows them. */
const paymentMemberSchema = memberSchema.pick({
  id: true,
  picture_url: true,
  first_name: true,
  last_name: true,
  email_address: true,
});
export type PaymentMember = z.infer<typeof paymentMemberSchema>;

const paymentSchema = z.object({
  id: z.number().int(),
  /** Naira. */
  amount: z.number(),
  created_at: z.string(),
  /** The Lagos day it was recorded on (YYYY-MM-DD). */
  paid_on: z.string(),
  /** Plan periods bought. */
  duration: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.string(),
  member_id: z.number().int(),
  subscription_type_id: z.number().int(),
  member: paymentMemberSchema,
  subscription_type: planSchema.pick({
    id: true,
    name: true,
    is_grouped: true,
    duration_type: true,
  }),
  /** For a group plan: the other members the payment covers (the payer is `member`). */
  covered_members: z.array(paymentMemberSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * What a payment bought: `duration` plan periods of `plan_duration` × `duration_type` each,
 * from `start_date` to `expiry_date` (the last day included). Declared beside the payment
 * because recording a payment answers it; the subscription calls list it too.
 */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  subscription_type_id: z.number().int(),
  /** null: imported with the member (no payment was recorded in Kora). */
  payment_id: z.number().int().nullable(),
  member: paymentMemberSchema,
  subscription_type: planSchema.pick({ id: true, name: true, is_grouped: true }),
  /** Naira: what was paid (plan amount × duration). */
  subscription_amount: z.number(),
  /** Plan periods bought. */
  duration: z.number().int(),
  /** The plan's period length in `duration_type` units when bought (3 for a quarterly plan). */
  plan_duration: z.number().int(),
  duration_type: z.enum(DURATION_TYPES),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  /** YYYY-MM-DD, the last day included. */
  expiry_date: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  /**
   * For a member covered by someone else's group plan: the payer's subscription and the payer.
   * Null for a subscription the member's own payment bought.
   */
  covered_by: z
    .object({ subscription_id: z.number().int(), member: paymentMemberSchema })
    .nullable(),
  /** For a group plan's paid subscription: the other members it covers (none otherwise). */
  covered_members: z.array(paymentMemberSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Recording a payment answers the payment with the subscription it created. */
export const recordedPaymentSchema = paymentSchema.extend({ subscription: subscriptionSchema });
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/**
 * The payments summary, over all the business's payments (Lagos days), in naira.
 * `average` = total of all payments / count, rounded to the kobo; 0 when there are none.
 */
const paymentSummarySchema = z.object({
  count: z.number().int(),
  today: z.number(),
  this_month: z.number(),
  year_to_date: z.number(),
  average: z.number(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** The payment calls. Every role of the business (owner, admin, staff) records and reads them. */
export const paymentContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/payment',
    operationId: 'listPayments',
    summary: "A page of the business's payments, newest first",
    description: 'The answer repeats `meta.total` and `meta.pages` at its top level.',
    tag: 'payments',
    access: 'payments.read',
    query: paymentListQuery,
    answer: pageOf(paymentSchema).extend({
      total: z.number().int(),
      pages: z.number().int(),
    }),
  }),
  summary: contract({
    method: 'GET',
    path: '/v1/payment/summary',
    operationId: 'getPaymentSummary',
    summary: 'Payment totals: count, today, this month, year to date and average',
    tag: 'payments',
    access: 'payments.read',
    answer: answerOf(paymentSummarySchema),
  }),
  record: contract({
    method: 'POST',
    path: '/v1/payment',
    operationId: 'recordPayment',
    summary: 'Record a payment and create the subscription it bought',
    description:
      'The amount must equal plan amount × duration. The subscription starts today, or the day ' +
      "after the member's running subscription of the same plan ends. A retry with the same " +
      'Idempotency-Key (at most 100 characters) answers the first payment, again with 201, ' +
      'and records nothing new.',
    tag: 'payments',
    access: 'payments.record',
    body: recordPaymentSchema,
    answer: answerOf(recordedPaymentSchema),
    status: 201,
    idempotent: true,
  }),
};
