import {
  FREEZE_FEE_LABEL,
  formatDay,
  formatNaira,
  type Payment,
  type PaymentDiscount,
} from '@kora/shared';
import { coveredLabel } from './payment-form';

/** A method's badge colour. */
export const METHOD_COLORS: Record<Payment['method'], string> = {
  Cash: 'green',
  Card: 'blue',
  Transfer: 'violet',
};

/**
 * How long a payment bought: its plan periods × the plan's period ("6 months" for 2 quarters).
 * The period length is the payment's own `plan_duration` when the API answers one, else the
 * plan's current one (`planDuration`); without either, the number of periods. A freeze fee's
 * payment says "Freeze fee".
 */
export const paymentDurationLabel = (
  payment: Payment & { plan_duration?: number },
  planDuration: number | undefined,
) => {
  // A freeze fee bought no period: it says what it was.
  if (payment.kind === 'freeze_fee') return FREEZE_FEE_LABEL;
  const period = payment.plan_duration ?? planDuration;
  return period
    ? coveredLabel(
        { duration: period, duration_type: payment.subscription_type.duration_type },
        payment.duration,
      )
    : `${payment.duration} period${payment.duration === 1 ? '' : 's'}`;
};

/** The payment's page: its list, and what it says when the payment is not there. */
export const PAYMENT_RECORD = {
  list: 'payments',
  back: 'Back to Payments',
  notFound: 'Payment not found.',
  detailFailed: 'An error occurred while fetching the payment.',
};

/**
 * A discount in words: "₦2,500 (10%) off ₦25,000 · Student" (the price is what was paid plus
 * the discount).
 */
export const discountText = (amount: number, d: PaymentDiscount): string =>
  `${formatNaira(d.amount)}${d.percent === null ? '' : ` (${d.percent}%)`} off ` +
  `${formatNaira(amount + d.amount)} · ${d.reason}`;

/** The day paid, with where it comes from when not the day recorded. */
export const paidOnText = (p: Pick<Payment, 'paid_on' | 'paid_on_source'>): string =>
  formatDay(p.paid_on) +
  (p.paid_on_source === 'entered'
    ? ' (entered by an owner or admin)'
    : p.paid_on_source === 'offline'
      ? ' (taken offline)'
      : '');
