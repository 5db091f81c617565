import {
  PAYMENT_MESSAGES,
  REFUND_REASON_MAX,
  formatDay,
  formatNaira,
  nairaToKobo,
  refundPaymentSchema,
} from '@kora/shared';

export const REFUND_TEXTS = {
  failedTitle: 'The refund was not recorded',
  failed: 'An error occurred while recording the refund. Please try again.',
  reasonMax: REFUND_REASON_MAX,
  amountRequired: 'Enter the amount refunded',
  amountPositive: 'The refund must be more than ₦0',
  nothingLeft: 'This payment has been refunded in full.',
} as const;

/** The refund form as typed. */
export interface RefundValues {
  /** Naira, '' while empty. */
  amount: number | string;
  method: string | null;
  reason: string;
  subscription: 'keep' | 'end' | 'shorten';
  /** YYYY-MM-DD, for 'shorten'. */
  expiry_date: string;
}

/** The server's words, with what is left: "… less earlier refunds. At most ₦15,000." */
const refundTooLarge = (left: number) =>
  `${PAYMENT_MESSAGES.refundTooLarge} At most ${formatNaira(left)}.`;

interface RefundLimits {
  /** Naira: what is left of the payment to refund. */
  left: number;
  /** The subscription the payment bought, with its current dates. */
  subscription: { start_date: string; expiry_date: string } | null | undefined;
}

type RefundErrors = Partial<Record<keyof RefundValues, string>>;

/**
 * What is wrong with the refund as typed, by field (none: it can be sent): the shared rules
 * and messages of the refund call, then what the screen knows more (what is left to refund, the
 * subscription's dates). The server checks the same and more (a refund made meanwhile, a
 * renewal chained after it).
 */
export const refundErrors = (
  v: RefundValues,
  { left, subscription }: RefundLimits,
): RefundErrors => {
  const errors: RefundErrors = {};
  const parsed = refundPaymentSchema.safeParse({
    amount: v.amount === '' ? undefined : Number(v.amount),
    method: v.method ?? undefined,
    reason: v.reason,
    subscription: v.subscription,
    expiry_date: v.subscription === 'shorten' ? v.expiry_date : undefined,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof RefundValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  if (v.amount === '' || v.amount === null) errors.amount = REFUND_TEXTS.amountRequired;
  else if (nairaToKobo(Number(v.amount)) <= 0) errors.amount = REFUND_TEXTS.amountPositive;
  else if (nairaToKobo(Number(v.amount)) > nairaToKobo(left)) errors.amount = refundTooLarge(left);
  if (v.subscription === 'shorten' && subscription && v.expiry_date && !errors.expiry_date) {
    if (v.expiry_date < subscription.start_date)
      errors.expiry_date = `The new last day cannot be before the subscription starts (${formatDay(subscription.start_date)})`;
    else if (v.expiry_date > subscription.expiry_date)
      errors.expiry_date = `The new last day cannot be after it ends now (${formatDay(subscription.expiry_date)})`;
  }
  return errors;
};
