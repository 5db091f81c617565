import { formatDay, formatNaira, koboToNaira, type SendChannel } from '@kora/shared';
import type { OutgoingMessage } from '../../lib/outbox';

/**
 * What members receive about online payments: the link, their transfer account, the receipt.
 * Short plain text (an SMS is one or two parts); the e-mail gets a subject too. Links and
 * account numbers live only in the outbox row, never in a log line.
 */

export interface Recipient {
  firstName: string;
  mobileNumber: string;
  emailAddress: string;
}

/** A member as the messages read them. */
export const recipientOf = (m: {
  first_name: string;
  mobile_number: string;
  email_address: string | null;
}): Recipient => ({
  firstName: m.first_name,
  mobileNumber: m.mobile_number ?? '',
  emailAddress: m.email_address ?? '',
});

/** The address a channel reaches, '' when the member has none. */
export const addressFor = (channel: SendChannel, m: Recipient): string =>
  (channel === 'email' ? m.emailAddress : m.mobileNumber).trim();

/** The channel a receipt goes by when the member chose none: WhatsApp/SMS need a phone. */
export const fallbackChannel = (m: Recipient): SendChannel | undefined =>
  m.mobileNumber.trim() ? 'sms' : m.emailAddress.trim() ? 'email' : undefined;

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));
const periods = (plan: string, n: number) => (n === 1 ? plan : `${plan} × ${n}`);

const message = (
  channel: SendChannel,
  to: string,
  subject: string,
  text: string,
  extra: Pick<OutgoingMessage, 'businessId' | 'memberId' | 'ref'>,
): OutgoingMessage => ({
  channel,
  to,
  subject: channel === 'email' ? subject : null,
  text,
  ...extra,
});

/**
 * A payment link. `joining`: the member never subscribed, so the link asks them to join;
 * otherwise to renew.
 */
export const linkMessage = (
  channel: SendChannel,
  to: string,
  v: {
    businessId: number;
    memberId: number;
    gym: string;
    firstName: string;
    plan: string;
    duration: number;
    amountKobo: number;
    url: string;
    joining: boolean;
  },
): OutgoingMessage =>
  message(
    channel,
    to,
    v.joining ? `Join ${v.gym}` : `Renew your membership at ${v.gym}`,
    (v.joining
      ? `Hi ${v.firstName}, join ${v.gym} with a ${periods(v.plan, v.duration)} membership: `
      : `Hi ${v.firstName}, renew your ${periods(v.plan, v.duration)} membership at ${v.gym}: `) +
      `${naira(v.amountKobo)}. Pay by card, transfer or USSD here: ${v.url}`,
    { businessId: v.businessId, memberId: v.memberId, ref: 'online:link' },
  );

export const transferAccountMessage = (
  channel: SendChannel,
  to: string,
  v: {
    businessId: number;
    memberId: number;
    gym: string;
    firstName: string;
    bankName: string;
    accountNumber: string;
    accountName: string;
  },
): OutgoingMessage =>
  message(
    channel,
    to,
    `Your account number for ${v.gym}`,
    `Hi ${v.firstName}, pay your ${v.gym} membership by bank transfer to ${v.bankName} ` +
      `${v.accountNumber} (${v.accountName}). This account is yours: a transfer of your plan's ` +
      'price renews your membership automatically.',
    { businessId: v.businessId, memberId: v.memberId, ref: 'online:account' },
  );

export const receiptMessage = (
  channel: SendChannel,
  to: string,
  v: {
    businessId: number;
    memberId: number;
    gym: string;
    firstName: string;
    plan: string;
    duration: number;
    amountKobo: number;
    expiryDate: string;
    reference: string;
  },
): OutgoingMessage =>
  message(
    channel,
    to,
    `Payment received – ${v.gym}`,
    `Hi ${v.firstName}, ${v.gym} received ${naira(v.amountKobo)} for ` +
      `${periods(v.plan, v.duration)}. Your membership now runs to ${formatDay(v.expiryDate)}. ` +
      `Reference: ${v.reference}`,
    { businessId: v.businessId, memberId: v.memberId, ref: 'online:receipt' },
  );
