import { formatDay, formatNaira, nairaToKobo, REFUND_REASON_MAX } from '@kora/shared';

export const REFUND_TEXTS = {
  failedTitle: 'The refund was not recorded',
  failed: 'An error occurred while recording the refund. Please try again.',
  reasonMax: REFUND_REASON_MAX,
  amountRequired: 'Enter the amount refunded',
  amountPositive: 'The refund must be more than ₦0',
  methodRequired: 'Please select how the money went back',
  reasonRequired: 'Please give the reason for the refund',
  reasonTooLong: `The reason can be at most ${REFUND_REASON_MAX} characters`,
  dayRequired: 'Choose the new last day',
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

/** "The refund can be at most ₦25,000: what is left of this payment." */
export const refundTooLarge = (left: number) =>
  `The refund can be at most ${formatNaira(left)}: what is left of this payment.`;

interface RefundLimits {
  /** Naira: what is left of the payment to refund. */
  left: number;
  /** The subscription the payment bought, with its current dates. */
  subscription: { start_date: string; expiry_date: string } | null | undefined;
}

/**
 * What is wrong with the refund as typed, by field (none: it can be sent). The server checks
 * the same and more (an earlier refund since this page loaded, a renewal chained after it).
 */
export const refundErrors = (
  v: RefundValues,
  { left, subscription }: RefundLimits,
): Partial<Record<keyof RefundValues, string>> => {
  const errors: Partial<Record<keyof RefundValues, string>> = {};
  if (v.amount === '' || v.amount === null) errors.amount = REFUND_TEXTS.amountRequired;
  else if (nairaToKobo(Number(v.amount)) <= 0) errors.amount = REFUND_TEXTS.amountPositive;
  else if (nairaToKobo(Number(v.amount)) > nairaToKobo(left)) errors.amount = refundTooLarge(left);
  if (!v.method) errors.method = REFUND_TEXTS.methodRequired;
  const reason = v.reason.trim();
  if (!reason) errors.reason = REFUND_TEXTS.reasonRequired;
  else if (reason.length > REFUND_REASON_MAX) errors.reason = REFUND_TEXTS.reasonTooLong;
  if (v.subscription === 'shorten' && subscription) {
    if (!v.expiry_date) errors.expiry_date = REFUND_TEXTS.dayRequired;
    else if (v.expiry_date < subscription.start_date)
      errors.expiry_date = `The new last day cannot be before the subscription starts (${formatDay(subscription.start_date)})`;
    else if (v.expiry_date > subscription.expiry_date)
      errors.expiry_date = `The new last day cannot be after it ends now (${formatDay(subscription.expiry_date)})`;
  }
  return errors;
};
