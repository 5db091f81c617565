import {
  DEFAULT_PAYMENT_PURPOSE,
  durationLabel,
  formatNaira,
  koboToNaira,
  MAX_PAYMENT_DURATION,
  nairaToKobo,
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
};

/** The form checks what the user enters; the amount is computed, not entered. */
const paymentFormSchema = recordPaymentSchema.omit({ amount: true });

const EMPTY_PAYMENT: PaymentFormValues = {
  member_id: '',
  subscription_type_id: null,
  duration: 1,
  method: null,
  purpose: DEFAULT_PAYMENT_PURPOSE,
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

/** What POST /v1/payment receives. */
export const toPaymentInput = (values: PaymentFormValues, plan: Plan): RecordPaymentInput => ({
  member_id: Number(values.member_id),
  subscription_type_id: plan.id,
  amount: koboToNaira(paymentAmountKobo(plan, values.duration)),
  purpose: values.purpose.trim() || DEFAULT_PAYMENT_PURPOSE,
  method: values.method as RecordPaymentInput['method'],
  duration: Number(values.duration),
});

/** "month" for a 1-month plan, "3 months" for a quarterly one. */
const planPeriod = (plan: Pick<Plan, 'duration' | 'duration_type'>) =>
  plan.duration === 1 ? plan.duration_type : durationLabel(plan.duration, plan.duration_type);

/** A plan as the plan select shows it: "Quarterly (₦25,000/3 months)". */
export const planOptionLabel = (plan: Plan) =>
  `${plan.name} (${formatNaira(plan.amount)}/${planPeriod(plan)})`;

/** How long `periods` of the plan last: 2 × 3 months = "6 months". */
export const coveredLabel = (plan: Pick<Plan, 'duration' | 'duration_type'>, periods: number) =>
  durationLabel(plan.duration * periods, plan.duration_type);
