import { z } from 'zod';
import { pageQuery } from './common';
import type { DurationType } from './dates';
import { nairaAmount } from './money';

/** Payment methods the record-payment form offers (spec 02 §9). */
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
const chosenId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

export const recordPaymentSchema = z.object({
  member_id: chosenId('Please select a member'),
  subscription_type_id: chosenId('Please select a subscription plan'),
  /** Naira; must equal plan amount × duration (the server computes it and refuses a mismatch). */
  amount: nairaAmount(),
  purpose: z
    .string({ error: 'Purpose must be text' })
    .trim()
    .max(PAYMENT_PURPOSE_MAX, {
      error: `Purpose must be at most ${PAYMENT_PURPOSE_MAX} characters`,
    })
    .nullish()
    .transform((v) => (v ? v : DEFAULT_PAYMENT_PURPOSE)),
  method: z.enum(PAYMENT_METHODS, { error: 'Please select a payment method' }),
  /** Number of plan periods bought (a 3-month plan × 2 = 6 months). */
  duration: z.coerce
    .number({ error: 'Duration must be at least 1' })
    .int({ error: 'Duration must be a whole number' })
    .min(1, { error: 'Duration must be at least 1' })
    .max(MAX_PAYMENT_DURATION, { error: `Duration must be at most ${MAX_PAYMENT_DURATION}` }),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPaymentData = z.infer<typeof recordPaymentSchema>;

/** An empty query value (`?member_id=`) means "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional id filter in a query string. */
export const idFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(1, { error: `${label} must be at least 1` })
      .max(MAX_ID, { error: `${label} is too large` })
      .optional(),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string): boolean => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** An optional calendar day filter, YYYY-MM-DD. */
export const dayFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .trim()
      .max(10, { error: `${label} must be a date (YYYY-MM-DD)` })
      .refine((v) => DAY.test(v) && isRealDay(v), {
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

/**
 * GET /v1/payment. Dates are Lagos days the payment was recorded on (`paid_on`), inclusive.
 * Empty values mean no filter.
 */
export const paymentListQuery = pageQuery(MAX_LIST_PAGE_SIZE)
  .extend({
    member_id: idFilter('member_id'),
    subscription_type_id: idFilter('subscription_type_id'),
    method: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(PAYMENT_METHODS, { error: 'method must be Cash, Card or Transfer' }).optional(),
    ),
    start_date: dayFilter('Start date'),
    end_date: dayFilter('End date'),
  })
  .superRefine(dateRangeCheck);
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** The member as a payment or subscription row shows them. */
export interface PaymentMember {
  id: number;
  picture_url: string | null;
  first_name: string;
  last_name: string;
  email_address: string;
}

export interface Payment {
  id: number;
  /** Naira. */
  amount: number;
  created_at: string;
  /** The Lagos day it was recorded on (YYYY-MM-DD). */
  paid_on: string;
  /** Plan periods bought. */
  duration: number;
  method: PaymentMethod;
  purpose: string;
  member_id: number;
  subscription_type_id: number;
  member: PaymentMember;
  subscription_type: {
    id: number;
    name: string;
    is_grouped: 0 | 1;
    duration_type: DurationType;
  };
}

/**
 * GET /v1/payment/summary, over all the business's payments (Lagos days), in naira.
 * `average` = total of all payments / count, rounded to the kobo; 0 when there are none.
 */
export interface PaymentSummary {
  count: number;
  this_month: number;
  today: number;
  year_to_date: number;
  average: number;
}
