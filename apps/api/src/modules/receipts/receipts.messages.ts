import { memberMessage } from '../../lib/member-message';

/*
 * The receipt message: short plain text naming the gym, the receipt number and the amount, with
 * the receipt's public link (memberMessage: by e-mail in the gym's frame). The link lives only in
 * the outbox row, never in a log line or an audit entry.
 */

/** The outbox `ref` of a receipt message. */
const RECEIPT_REF = 'receipts:receipt';

export const receiptMessage = memberMessage<{
  receiptNumber: string;
  /** "₦25,000". */
  amount: string;
  url: string;
}>(
  RECEIPT_REF,
  (v) => `Your receipt ${v.receiptNumber} from ${v.gym.name}`,
  (v) =>
    `Hi ${v.firstName}, thank you for your payment of ${v.amount} to ${v.gym.name}. ` +
    `Your receipt ${v.receiptNumber}: ${v.url}`,
);
