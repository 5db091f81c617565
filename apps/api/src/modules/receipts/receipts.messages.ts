import { memberTextEmail } from '../../lib/mail-templates';
import type { Channel, OutgoingMessage } from '../../lib/outbox';

/*
 * The receipt message: short plain text naming the gym, the receipt number and the amount, with
 * the receipt's public link (an SMS is one or two parts); by e-mail in the gym's frame, from
 * the gym's name, replies to the gym. The link lives only in the outbox row, never in a log
 * line or an audit entry.
 */

/** The outbox `ref` of a receipt message. */
const RECEIPT_REF = 'receipts:receipt';

export interface ReceiptMessage {
  businessId: number;
  memberId: number;
  firstName: string;
  gym: { name: string; email: string | null; logoUrl: string | null };
  receiptNumber: string;
  /** "₦25,000". */
  amount: string;
  url: string;
}

export const receiptMessage = (
  channel: Channel,
  to: string,
  v: ReceiptMessage,
): OutgoingMessage => {
  const text =
    `Hi ${v.firstName}, thank you for your payment of ${v.amount} to ${v.gym.name}. ` +
    `Your receipt ${v.receiptNumber}: ${v.url}`;
  const extra = { businessId: v.businessId, memberId: v.memberId, ref: RECEIPT_REF };
  if (channel !== 'email') return { channel, to, subject: null, text, ...extra };
  const subject = `Your receipt ${v.receiptNumber} from ${v.gym.name}`;
  return {
    channel,
    to,
    subject,
    text,
    html: memberTextEmail({ gym: v.gym, subject, text }),
    fromName: v.gym.name,
    replyTo: v.gym.email,
    ...extra,
  };
};
