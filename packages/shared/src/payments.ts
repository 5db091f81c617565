import { z } from 'zod';
import {
  DOCUMENTED,
  MAX_ID,
  addFieldIssue,
  choiceFilter,
  jsonId,
  jsonWholeNumber,
  pageQuery,
} from './common';
import { answerOf, contract, pageOf } from './contract';
import { DURATION_TYPES, isCalendarDay } from './dates';
import { memberSchema } from './members';
import { nairaAmount } from './money';
import { hasAtMostTwoDecimals, nairaToKobo } from './naira';
import { MAX_GROUP_LIMIT, planSchema } from './plans';
import { recordedAtField } from './offline';
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

/**
 * A required id chosen in a form (a number or its digits, see `jsonId`): empty, missing or not a
 * positive integer gives `message`.
 */
export const chosenId = jsonId;

/** Plan periods bought by one payment (or one payment link): 1 … MAX_PAYMENT_DURATION. */
export const planPeriods = jsonWholeNumber('Duration must be at least 1', {
  min: 1,
  max: MAX_PAYMENT_DURATION,
  wholeMessage: 'Duration must be a whole number',
  maxMessage: `Duration must be at most ${MAX_PAYMENT_DURATION}`,
});

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

/** How a discount is given: naira off the price, or a percent of it. */
export const DISCOUNT_TYPES = ['naira', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_REASON_MAX = 200;
/** An owner or admin may record a payment made up to this many days before today. */
export const PAID_ON_MAX_DAYS_BACK = 31;

/** What Record Payment says about a discount and the day paid. */
export const PAYMENT_RECORD_MESSAGES = {
  discountType: 'Discount must be in naira or a percent',
  discountValue: 'Discount must be a number greater than 0',
  discountDecimals: 'Discount can have at most two decimals',
  discountPercent: 'A percent discount must be at most 100',
  discountReason: 'Please give a reason for the discount',
  discountNotAllowed: 'Only the business owner or an admin can give a discount.',
  paidOnDay: 'Day paid must be a date (YYYY-MM-DD)',
  paidOnFuture: 'Day paid cannot be in the future',
  paidOnTooOld: `Day paid must be within the last ${PAID_ON_MAX_DAYS_BACK} days`,
  paidOnNotAllowed: 'Only the business owner or an admin can record an earlier day paid.',
  paidOnAndRecordedAt: 'Send the day paid or the time recorded, not both',
  staffRecordedAt:
    'Only an offline desk sends when a payment was taken: a Cash payment, with its Idempotency-Key.',
} as const;

/** "The discount cannot be more than the price (₦25,000)." */
export const discountTooLarge = (price: string) =>
  `The discount cannot be more than the price (${price}).`;

/**
 * Kobo a discount takes off `priceKobo`: a naira discount is its kobo; a percent (at most two
 * decimals) is price × percent ÷ 100 rounded to the nearest kobo, a half kobo up. The server
 * (record_payment in SQL) computes the same; it refuses a discount above the price.
 */
export const discountKobo = (
  priceKobo: number,
  discount: { type: DiscountType; value: number },
): number => {
  if (discount.type === 'naira') return nairaToKobo(discount.value);
  const basisPoints = BigInt(Math.round(discount.value * 100));
  return Number((BigInt(priceKobo) * basisPoints + 5000n) / 10000n);
};

/** A discount at Record Payment: naira or percent (JSON numbers only), with its reason. */
export const paymentDiscountSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES, { error: PAYMENT_RECORD_MESSAGES.discountType }),
    value: z
      .number({ error: PAYMENT_RECORD_MESSAGES.discountValue })
      .refine((n) => Number.isFinite(n) && n > 0, {
        error: PAYMENT_RECORD_MESSAGES.discountValue,
        abort: true,
      })
      .refine(hasAtMostTwoDecimals, { error: PAYMENT_RECORD_MESSAGES.discountDecimals })
      .refine((n) => n <= 1_000_000_000, { error: 'Discount is too large' }),
    reason: textField({
      label: 'Reason',
      min: 1,
      max: DISCOUNT_REASON_MAX,
      minMessage: PAYMENT_RECORD_MESSAGES.discountReason,
    }),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percent' && v.value > 100)
      addFieldIssue(ctx, 'value', PAYMENT_RECORD_MESSAGES.discountPercent);
  });
export type PaymentDiscountInput = z.input<typeof paymentDiscountSchema>;

/** The day a payment was made (YYYY-MM-DD, Lagos), when earlier than the day it is recorded. */
const paidOnField = z
  .string({ error: PAYMENT_RECORD_MESSAGES.paidOnDay })
  .trim()
  .max(10, { error: PAYMENT_RECORD_MESSAGES.paidOnDay })
  .refine(isCalendarDay, { error: PAYMENT_RECORD_MESSAGES.paidOnDay })
  .meta(DOCUMENTED.day);

/**
 * A group plan's payer is covered already: the server refuses them among the others. `paid_on`
 * and `recorded_at` together are refused by the server (the form omits fields: no refinement).
 */
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
  /** When the desk took it (sent later by an offline desk); absent: now. */
  recorded_at: recordedAtField,
  /**
   * Optional: naira or a percent off the price (plan amount × duration, still sent as
   * `amount`), with a reason. Owners and admins; staff when the owner allows it.
   */
  discount: paymentDiscountSchema.optional(),
  /**
   * Optional, owners and admins: the Lagos day it was paid, today or up to 31 days before. The
   * subscription starts as it would have that day.
   */
  paid_on: paidOnField.optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPaymentData = z.infer<typeof recordPaymentSchema>;

/** The payment list's status filter (see `paymentFilters.status`). */
export const PAYMENT_STATUSES = ['voided', 'refunded', 'unconfirmed', 'valid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An empty query value (`?member_id=`) means "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * An optional id filter in a query string: blank (`?member_id=`) is no filter; else the id's
 * digits (nothing else is read as a number: not `1e1`, not `0x10`).
 */
const idFilter = (label: string) =>
  z
    .preprocess(
      blankToUndefined,
      jsonWholeNumber(`${label} must be a number`, {
        min: 1,
        max: MAX_ID,
        minMessage: `${label} must be at least 1`,
        maxMessage: `${label} is too large`,
        wholeMessage: `${label} must be a whole number`,
      }).optional(),
    )
    .meta(DOCUMENTED.idOrBlank);

/** An optional calendar day filter, YYYY-MM-DD. */
export const dayFilter = (label: string) =>
  z
    .preprocess(
      blankToUndefined,
      z
        .string({ error: `${label} must be a date (YYYY-MM-DD)` })
        .trim()
        .max(10, { error: `${label} must be a date (YYYY-MM-DD)` })
        .refine(isCalendarDay, {
          error: `${label} must be a date (YYYY-MM-DD)`,
        })
        .optional(),
    )
    .meta(DOCUMENTED.dayOrBlank);

export const END_BEFORE_START = 'End date must be on or after the start date';

/** start_date/end_date: end on or after start (both inclusive). */
export const dateRangeCheck = (
  v: { start_date?: string; end_date?: string },
  ctx: z.RefinementCtx,
) => {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    addFieldIssue(ctx, 'end_date', END_BEFORE_START);
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
  /**
   * voided: voided payments only; valid: every payment not voided; refunded: payments with any
   * refund (and not voided); unconfirmed: desk transfers not yet ticked against the bank statement.
   */
  status: choiceFilter(PAYMENT_STATUSES, 'Status must be voided, refunded, unconfirmed or valid'),
  /** With status=unconfirmed (the dashboard's link): unconfirmed transfers paid on or before this day. */
  unconfirmed_before: dayFilter('Unconfirmed before'),
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

/**
 * What a payment paid for: 'plan' (periods of a plan, and the subscription they bought) or
 * 'freeze_fee' (a plan's fee for freezing the member: no period, no subscription).
 */
export const PAYMENT_KINDS = ['plan', 'freeze_fee'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** How lists, details and receipts name a freeze fee's payment. */
export const FREEZE_FEE_LABEL = 'Freeze fee';

/** Where a payment's day (`paid_on`) comes from. */
export const PAID_ON_SOURCES = ['recorded', 'offline', 'entered'] as const;
export type PaidOnSource = (typeof PAID_ON_SOURCES)[number];

const paymentDiscountAnswer = z.object({
  /** Naira taken off the price. */
  amount: z.number(),
  /** The percent given (12.5), null for a naira discount. */
  percent: z.number().nullable(),
  reason: z.string(),
});
export type PaymentDiscount = z.infer<typeof paymentDiscountAnswer>;

const paymentSchema = z.object({
  id: z.number().int(),
  /** Naira. */
  amount: z.number(),
  created_at: z.string(),
  /** The Lagos day it was recorded on (YYYY-MM-DD). */
  paid_on: z.string(),
  /** Plan periods bought (0 for a freeze fee). */
  duration: z.number().int(),
  /** What it paid for (absent from older servers: 'plan'). */
  kind: z.enum(PAYMENT_KINDS).optional(),
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
  /** `{BUSINESS CODE}-{6 digits}` (IRON-000123): per business, gapless, in order of recording. */
  receipt_number: z.string(),
  /** Voided: recorded by mistake; it stays in lists but leaves every total. */
  voided: z.boolean(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** Naira given back so far (0 when none). */
  refunded: z.number(),
  /** False only for a desk transfer not yet ticked against the bank statement. */
  confirmed: z.boolean(),
  /** A desk transfer waiting to be ticked (not voided). */
  needs_confirmation: z.boolean(),
  /** The team user who recorded it; null for a payment made online (Paystack). */
  recorded_by_name: z.string().nullable(),
  /**
   * A discount given when it was recorded: naira taken off the price (`amount` is what was paid,
   * so the price was `amount` + `discount.amount`), the percent when given as one, and why.
   * Null: none.
   */
  discount: paymentDiscountAnswer.nullable(),
  /**
   * Where `paid_on` comes from: 'recorded' (the day it reached Kora), 'offline' (the day an
   * offline desk took it, sent later), 'entered' (an earlier day an owner or admin entered).
   */
  paid_on_source: z.enum(PAID_ON_SOURCES),
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
export const recordedPaymentSchema = paymentSchema.extend({
  /**
   * ISO instant the desk took it: the `recorded_at` sent (an offline desk), else when it
   * arrived (`created_at`). Its Lagos day is `paid_on`.
   */
  recorded_at: z.string(),
  subscription: subscriptionSchema,
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/**
 * The payments summary, over all the business's payments (Lagos days), in naira.
 * `average` = total of all payments / count, in whole naira (half a naira up); 0 when there
 * are none.
 * The money totals are null for a caller who may not see revenue (staff, unless the owner
 * turned on "Staff see revenue"); `count` is for everyone.
 */
const paymentSummarySchema = z.object({
  count: z.number().int(),
  today: z.number().nullable(),
  this_month: z.number().nullable(),
  year_to_date: z.number().nullable(),
  average: z.number().nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** What a refund does to the subscription the payment bought. */
export const REFUND_SUBSCRIPTION_ACTIONS = ['keep', 'end', 'shorten'] as const;
export type RefundSubscriptionAction = (typeof REFUND_SUBSCRIPTION_ACTIONS)[number];

export const VOID_REASON_MAX = 200;
export const REFUND_REASON_MAX = 200;

/** What the void and refund screens and the API say. */
export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  paystackVoid: 'Payments made through Paystack are refunded in Paystack; record the refund here.',
  cashedUp: 'This payment was counted in your cash-up; ask an owner or admin to void it.',
  staffVoidOwnCash:
    'Staff can void only their own Cash payments, within 30 minutes of recording them.',
  refundTooLarge: 'The refund cannot be more than what was paid, less earlier refunds.',
  refundVoided: 'A voided payment cannot be refunded.',
  shortenNeedsDay: 'Please choose the last day of the subscription',
} as const;

/** Staff may void their own Cash payment for this many minutes after recording it. */
export const STAFF_VOID_MINUTES = 30;

/** "Void payment IRON-000124 first: its renewal starts after this one." */
export const renewalChainedMessage = (receiptNumber: string) =>
  `Void payment ${receiptNumber} first: its renewal starts after this one.`;

export const voidPaymentSchema = z.object({
  reason: textField({
    label: 'Reason',
    min: 1,
    max: VOID_REASON_MAX,
    minMessage: 'Please give a reason',
  }),
});
export type VoidPaymentInput = z.input<typeof voidPaymentSchema>;

export const refundPaymentSchema = z
  .object({
    /** Naira, like a payment's amount. */
    amount: nairaAmount(),
    method: z.enum(PAYMENT_METHODS, { error: 'Please select a refund method' }),
    reason: textField({
      label: 'Reason',
      min: 1,
      max: REFUND_REASON_MAX,
      minMessage: 'Please give a reason',
    }),
    subscription: z.enum(REFUND_SUBSCRIPTION_ACTIONS, {
      error: 'Subscription must be keep, end or shorten',
    }),
    /** With 'shorten': the subscription's new last day (YYYY-MM-DD). */
    expiry_date: dayFilter('Last day'),
  })
  .superRefine((v, ctx) => {
    if (v.subscription === 'shorten' && !v.expiry_date)
      addFieldIssue(ctx, 'expiry_date', PAYMENT_MESSAGES.shortenNeedsDay);
  });
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;
export type RefundPaymentData = z.infer<typeof refundPaymentSchema>;

export const confirmDaySchema = z.object({
  day: z
    .string({ error: 'Day must be a date (YYYY-MM-DD)' })
    .trim()
    .max(10, { error: 'Day must be a date (YYYY-MM-DD)' })
    .refine(isCalendarDay, { error: 'Day must be a date (YYYY-MM-DD)' })
    .meta(DOCUMENTED.day),
});
export type ConfirmDayInput = z.input<typeof confirmDaySchema>;

const paymentIdParams = z.object({ id: chosenId('Payment not found') });

/** A refund recorded on a payment. */
export const refundSchema = z.object({
  id: z.number().int(),
  /** Naira. */
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reason: z.string(),
  subscription_action: z.enum(REFUND_SUBSCRIPTION_ACTIONS),
  /** YYYY-MM-DD: the subscription's new last day ('end' or 'shorten'); null with 'keep'. */
  new_expiry_date: z.string().nullable(),
  created_at: z.string(),
  /** The Lagos day it counts on. */
  refunded_on: z.string(),
  recorded_by_name: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * A payment with everything its details page shows: the subscriptions it bought (the payer's
 * first, then the members a group plan covers) with their current dates, its refunds, who voided
 * and confirmed it, and whether the signed-in user may void it (with why not).
 */
export const paymentDetailsSchema = paymentSchema.extend({
  subscriptions: z.array(subscriptionSchema),
  refunds: z.array(refundSchema),
  voided_by_name: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmed_by_name: z.string().nullable(),
  can_void: z.boolean(),
  /** Why the signed-in user may not void it (null when they may, or it is voided already). */
  void_blocked_reason: z.string().nullable(),
  /** The receipt's public link (`{APP_URL}/r/{token}`). */
  receipt_url: z.string(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

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
    description:
      'The naira totals are null for staff unless the owner turned on "Staff see revenue".',
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
      "after the member's running subscription of the same plan ends. An optional `discount` " +
      '(naira or a percent, with a reason; owners and admins, staff when the owner allows it) ' +
      'is taken off by the server: the payment is the price less the discount, never below ' +
      '₦0. Owners and admins may send `paid_on`, a day up to 31 days back: the payment counts ' +
      'on that day and the subscription starts as it would have then. Staff send `recorded_at` ' +
      'only as an offline desk does (Cash, with an Idempotency-Key). A retry with the same ' +
      'Idempotency-Key (at most 100 characters) answers the first payment, again with 201, ' +
      'and records nothing new.',
    tag: 'payments',
    access: 'payments.record',
    body: recordPaymentSchema,
    answer: answerOf(recordedPaymentSchema),
    status: 201,
    idempotent: true,
  }),
  get: contract({
    method: 'GET',
    path: '/v1/payment/:id',
    operationId: 'getPayment',
    summary: 'A payment with its subscriptions, refunds, void and confirmation',
    tag: 'payments',
    access: 'payments.read',
    params: paymentIdParams,
    answer: answerOf(paymentDetailsSchema),
  }),
  void: contract({
    method: 'POST',
    path: '/v1/payment/:id/void',
    operationId: 'voidPayment',
    summary: 'Void a payment recorded by mistake',
    description:
      'The payment stays, marked voided, and leaves every total; its subscription (and those a ' +
      'group plan gave) is withdrawn. Owners and admins may void any desk payment; staff only ' +
      'their own Cash payment within 30 minutes and before their cash-up covers it. Voiding a ' +
      'voided payment answers it as it is and writes nothing.',
    tag: 'payments',
    access: 'payments.void',
    params: paymentIdParams,
    body: voidPaymentSchema,
    answer: answerOf(paymentDetailsSchema),
  }),
  refund: contract({
    method: 'POST',
    path: '/v1/payment/:id/refund',
    operationId: 'refundPayment',
    summary: 'Record money given back on a payment',
    description:
      'At most what was paid less earlier refunds. The subscription is kept, ended today or ' +
      'shortened to `expiry_date`. A retry with the same Idempotency-Key answers the first ' +
      'refund and records nothing new.',
    tag: 'payments',
    access: 'payments.refund',
    params: paymentIdParams,
    body: refundPaymentSchema,
    answer: answerOf(paymentDetailsSchema),
    status: 201,
    idempotent: true,
  }),
  confirm: contract({
    method: 'POST',
    path: '/v1/payment/:id/confirm',
    operationId: 'confirmPayment',
    summary: 'Tick a desk transfer against the bank statement',
    tag: 'payments',
    access: 'payments.confirm',
    params: paymentIdParams,
    answer: answerOf(paymentDetailsSchema),
  }),
  confirmDay: contract({
    method: 'POST',
    path: '/v1/payment/confirm-day',
    operationId: 'confirmPaymentDay',
    summary: 'Tick every unconfirmed desk transfer of a Lagos day',
    tag: 'payments',
    access: 'payments.confirm',
    body: confirmDaySchema,
    answer: answerOf(z.object({ confirmed: z.number().int() })),
  }),
};
