import { formatDay, formatNaira, koboToNaira, type SendChannel } from '@kora/shared';
import { absoluteLogoUrl } from '../../lib/mail-templates';
import { memberMessage } from '../../lib/member-message';

/**
 * What members receive about online payments: the link, their transfer account, the receipt.
 * Short plain text (an SMS is one or two parts). An e-mail comes from the gym: a subject, the
 * gym's name as the sender, replies to the gym's address, and the text in the gym's frame (its
 * logo and name, nothing of Kora) besides the plain text. Links and account numbers live only in
 * the outbox row, never in a log line.
 */

/** The gym a message comes from: its name, e-mail address and logo (an absolute URL). */
export interface Gym {
  name: string;
  email: string | null;
  logoUrl: string | null;
}

/** A business as the messages read it (`appUrl`: the app's address, for an uploaded logo). */
export const gymOf = (
  b: { name: string; email: string | null; logoUrl: string | null },
  appUrl: string,
): Gym => ({
  name: b.name,
  email: b.email?.trim() || null,
  logoUrl: absoluteLogoUrl(b.logoUrl, appUrl),
});

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

/** What a member bought: a plan for a number of its periods, at a price. */
interface Bought {
  plan: string;
  duration: number;
  amountKobo: number;
}

/**
 * A payment link. `joining`: the member never subscribed, so the link asks them to join;
 * otherwise to renew.
 */
export const linkMessage = memberMessage<Bought & { url: string; joining: boolean }>(
  'online:link',
  (v) => (v.joining ? `Join ${v.gym.name}` : `Renew your membership at ${v.gym.name}`),
  (v) =>
    (v.joining
      ? `Hi ${v.firstName}, join ${v.gym.name} with a ${periods(v.plan, v.duration)} membership: `
      : `Hi ${v.firstName}, renew your ${periods(v.plan, v.duration)} membership at ${v.gym.name}: `) +
    `${naira(v.amountKobo)}. Pay by card, transfer or USSD here: ${v.url}`,
);

export const transferAccountMessage = memberMessage<{
  bankName: string;
  accountNumber: string;
  accountName: string;
}>(
  'online:account',
  (v) => `Your account number for ${v.gym.name}`,
  (v) =>
    `Hi ${v.firstName}, pay your ${v.gym.name} membership by bank transfer to ${v.bankName} ` +
    `${v.accountNumber} (${v.accountName}). This account is yours: a transfer of your plan's ` +
    'price renews your membership automatically.',
);

export const receiptMessage = memberMessage<Bought & { expiryDate: string; reference: string }>(
  'online:receipt',
  (v) => `Payment received – ${v.gym.name}`,
  (v) =>
    `Hi ${v.firstName}, ${v.gym.name} received ${naira(v.amountKobo)} for ` +
    `${periods(v.plan, v.duration)}. Your membership now runs to ${formatDay(v.expiryDate)}. ` +
    `Reference: ${v.reference}`,
);
