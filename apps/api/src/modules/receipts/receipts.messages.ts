import { memberMessage } from '../../lib/member-message';

/*
 * The receipt message: short plain text naming the gym, the receipt number and the amount, with
 * the receipt's public link (memberMessage: by e-mail in the gym's frame). A voided payment's
 * message says it was cancelled, never thanks; a refunded one says what was given back and what
 * was kept. The link lives only in the outbox row, never in a log line or an audit entry.
 */

/** The outbox `ref` of a receipt message. */
const RECEIPT_REF = 'receipts:receipt';

/** What became of the payment after it was recorded (absent: it stands as paid). */
export type ReceiptMessageState =
  { voidedOn: string } | { refunded: string; kept: string; inFull: boolean };

export const receiptMessage = memberMessage<{
  receiptNumber: string;
  /** "₦25,000". */
  amount: string;
  url: string;
  /** Voided ("28 Nov 2026") or refunded ("₦5,000", "₦20,000"), in words. */
  state?: ReceiptMessageState;
}>(
  RECEIPT_REF,
  (v) =>
    `Your receipt ${v.receiptNumber} from ${v.gym.name}` +
    (!v.state ? '' : 'voidedOn' in v.state ? ' (voided)' : ' (refunded)'),
  (v) => {
    const link = `Your receipt ${v.receiptNumber}: ${v.url}`;
    const s = v.state;
    if (!s)
      return `Hi ${v.firstName}, thank you for your payment of ${v.amount} to ${v.gym.name}. ${link}`;
    if ('voidedOn' in s)
      return (
        `Hi ${v.firstName}, about your payment of ${v.amount} to ${v.gym.name}: ` +
        `Voided on ${s.voidedOn} — this payment was cancelled. ${link}`
      );
    if (s.inFull)
      return (
        `Hi ${v.firstName}, your payment of ${v.amount} to ${v.gym.name} was refunded in full ` +
        `(${s.refunded}); nothing was kept. ${link}`
      );
    return (
      `Hi ${v.firstName}, thank you for your payment of ${v.amount} to ${v.gym.name}. ` +
      `${s.refunded} of it was refunded to you; ${v.gym.name} kept ${s.kept}. ${link}`
    );
  },
);
