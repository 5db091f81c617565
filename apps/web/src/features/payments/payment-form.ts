import {
  DEFAULT_PAYMENT_PURPOSE,
  durationLabel,
  formatNaira,
  koboToNaira,
  MAX_PAYMENT_DURATION,
  nairaToKobo,
  PAID_ON_MAX_DAYS_BACK,
  addDays,
  discountKobo,
  lagosDay,
  discountTooLarge,
  PAYMENT_RECORD_MESSAGES as M,
  type DiscountType,
  type Plan,
  type RecordPaymentInput,
  recordPaymentSchema,
} from '@kora/shared';
import { formAdapter } from '@/lib/form-adapter';

export const PAYMENT_TEXTS = {
  recordFailedTitle: 'Payment recording failed',
  recordFailed: 'An error occurred while recording the payment. Please try again.',
  recordedTitle: 'Payment recorded successfully',
  listFailed: 'An error occurred while fetching payments.',
  none: 'No payments found',
  noMatch: 'No payments match your filters',
} as const;

/** The confirmation closes the modal after 3 seconds. */
export const PAYMENT_MODAL_CLOSE_MS = 3_000;

export type PaymentFormValues = {
  /** The chosen member's id, '' until one is chosen. */
  member_id: string;
  subscription_type_id: string | null;
  /** Plan periods bought. */
  duration: number | string;
  method: string | null;
  purpose: string;
  /** No discount (''), naira off or a percent of the price. */
  discount_type: '' | DiscountType;
  discount_value: number | string;
  discount_reason: string;
  /** The day it was paid (YYYY-MM-DD, owners and admins); '' for today. */
  paid_on: string;
};

/**
 * The form checks what the user enters; the amount is computed, not entered. The discount and
 * the day paid are checked by `discountCheck` and the date field.
 */
const paymentFormSchema = recordPaymentSchema.omit({ amount: true, discount: true, paid_on: true });

const EMPTY_PAYMENT: PaymentFormValues = {
  member_id: '',
  subscription_type_id: null,
  duration: 1,
  method: null,
  purpose: DEFAULT_PAYMENT_PURPOSE,
  discount_type: '',
  discount_value: '',
  discount_reason: '',
  paid_on: '',
};

/** The record-payment form: the shared rules and messages; the payload is `toPaymentInput`. */
export const paymentForm = formAdapter({ create: paymentFormSchema, empty: EMPTY_PAYMENT });

/** A new payment: one plan period, the default purpose, for the given member if any. */
export const emptyPaymentForm = (memberId?: number): PaymentFormValues => ({
  ...paymentForm.empty,
  member_id: memberId ? String(memberId) : '',
});

/** A duration a payment may buy: a whole number of plan periods from 1 to 120. */
export const isPaymentDuration = (duration: number | string): boolean => {
  const periods = typeof duration === 'number' ? duration : Number(duration);
  return (
    duration !== '' && Number.isInteger(periods) && periods >= 1 && periods <= MAX_PAYMENT_DURATION
  );
};

/**
 * Plan amount × duration in integer kobo (no float drift: ₦33,333.33 × 3 is ₦99,999.99);
 * 0 without a plan or a whole duration of at least 1.
 */
export const paymentAmountKobo = (
  plan: Pick<Plan, 'amount'> | undefined,
  duration: number | string,
): number => {
  const periods = typeof duration === 'number' ? duration : Number(duration);
  if (!plan || !Number.isInteger(periods) || periods < 1) return 0;
  return nairaToKobo(plan.amount) * periods;
};

/** The discount as entered, when one is chosen with a number (`undefined` otherwise). */
const enteredDiscount = (values: PaymentFormValues) => {
  const value = Number(values.discount_value);
  return values.discount_type === '' || values.discount_value === '' || !Number.isFinite(value)
    ? undefined
    : { type: values.discount_type, value, reason: values.discount_reason.trim() };
};

/**
 * What the discount entered takes off `priceKobo` (the server's rule), 0 with none; null when
 * it cannot be given, with why (the field's message).
 */
export const discountCheck = (
  values: PaymentFormValues,
  priceKobo: number,
): { kobo: number; error?: { field: 'discount_value' | 'discount_reason'; message: string } } => {
  const d = enteredDiscount(values);
  if (values.discount_type === '') return { kobo: 0 };
  if (!d || d.value <= 0)
    return { kobo: 0, error: { field: 'discount_value', message: M.discountValue } };
  if (d.type === 'percent' && d.value > 100)
    return { kobo: 0, error: { field: 'discount_value', message: M.discountPercent } };
  const kobo = discountKobo(priceKobo, d);
  if (kobo > priceKobo)
    return {
      kobo: 0,
      error: {
        field: 'discount_value',
        message: discountTooLarge(formatNaira(koboToNaira(priceKobo))),
      },
    };
  if (!d.reason) return { kobo, error: { field: 'discount_reason', message: M.discountReason } };
  return { kobo };
};

/** Why the day paid entered cannot be sent (today or up to 31 days back; '' is today). */
export const paidOnProblem = (day: string, today: string = lagosDay()): string | null => {
  if (!day) return null;
  if (day > today) return M.paidOnFuture;
  return day < addDays(today, -PAID_ON_MAX_DAYS_BACK) ? M.paidOnTooOld : null;
};

/** What POST /v1/payment receives: the price (the server takes the discount off). */
export const toPaymentInput = (values: PaymentFormValues, plan: Plan): RecordPaymentInput => {
  const discount = enteredDiscount(values);
  return {
    member_id: Number(values.member_id),
    subscription_type_id: plan.id,
    amount: koboToNaira(paymentAmountKobo(plan, values.duration)),
    purpose: values.purpose.trim() || DEFAULT_PAYMENT_PURPOSE,
    method: values.method as RecordPaymentInput['method'],
    duration: Number(values.duration),
    ...(discount ? { discount } : {}),
    ...(values.paid_on ? { paid_on: values.paid_on } : {}),
  };
};

/** "month" for a 1-month plan, "3 months" for a quarterly one. */
const planPeriod = (plan: Pick<Plan, 'duration' | 'duration_type'>) =>
  plan.duration === 1 ? plan.duration_type : durationLabel(plan.duration, plan.duration_type);

/** A plan as the plan select shows it: "Quarterly (₦25,000/3 months)". */
export const planOptionLabel = (plan: Plan) =>
  `${plan.name} (${formatNaira(plan.amount)}/${planPeriod(plan)})`;

/** How long `periods` of the plan last: 2 × 3 months = "6 months". */
export const coveredLabel = (plan: Pick<Plan, 'duration' | 'duration_type'>, periods: number) =>
  durationLabel(plan.duration * periods, plan.duration_type);
