import {
  durationLabel,
  formatNaira,
  type HeldState,
  koboToNaira,
  LINK_CHANNELS,
  type LinkChannel,
  type LinkState,
  MAX_PAYMENT_DURATION,
  type Member,
  nairaToKobo,
  type Plan,
} from '@kora/shared';
import { formatPhone } from '@/lib/format';

export const ONLINE_TEXTS = {
  intro:
    "Members pay by card, bank transfer or USSD through your gym's own Paystack account. The money goes straight to your account: Kora never holds it.",
  connectFailed: 'Paystack could not be connected. Please try again.',
  loadFailed: 'The Paystack connection could not be loaded.',
  actionFailed: 'That did not work. Please try again.',
  webhookHelp:
    'Paste this address in your Paystack dashboard → Settings → API Keys & Webhooks → Webhook URL, then save.',
  transferHelp:
    'Each member can get their own bank account number; money transferred into it renews them automatically.',
  disconnect:
    'Disconnect Paystack? Your secret key is deleted from Kora and every payment link still waiting for payment is cancelled. You can connect again at any time.',
  disconnectKeepsWebhook:
    'Your webhook address stays the same: payments Paystack reports meanwhile are kept and recorded when you connect again.',
  webhookNewAccountTitle: 'Update the webhook in Paystack',
  webhookNewAccount:
    "This key is from a different Paystack account (or switches between test and live) than before. Paste this webhook address into the new account's Paystack dashboard → Settings → API Keys & Webhooks → Webhook URL, then save.",
  linkFailed: 'The payment link could not be created. Please try again.',
  linksFailed: 'The payment links could not be loaded.',
  noLinks: 'No payment links yet.',
  heldFailed: 'The payments could not be loaded.',
  transferFailed: 'The transfer account could not be loaded.',
} as const;

/** The held payments review's title. */
export const HELD_TITLE = 'Online payments to review';

/** A link's state as staff read it, and its badge colour. */
export const LINK_STATE_BADGES: Record<LinkState, { label: string; color: string }> = {
  sent: { label: 'Waiting', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  held: { label: 'Paid – held for review', color: 'orange' },
  expired: { label: 'Expired', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** The held payments filter: waiting for staff, assigned, or marked handled. */
export const HELD_FILTERS: { value: HeldState; label: string }[] = [
  { value: 'held', label: 'To review' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'dismissed', label: 'Handled' },
];

export const channelLabel = (channel: LinkChannel) =>
  LINK_CHANNELS.find((c) => c.key === channel)?.label ?? channel;

/** Whether the member can be reached by `channel` (copying always can). */
export const reachable = (member: Pick<Member, 'mobile_number' | 'email_address'>) => ({
  whatsapp: Boolean(member.mobile_number),
  sms: Boolean(member.mobile_number),
  email: Boolean(member.email_address),
  copy: true,
});

/** The channel a new link starts with: WhatsApp, else e-mail, else copying it. */
export const firstChannel = (member: Pick<Member, 'mobile_number' | 'email_address'>) => {
  const can = reachable(member);
  return can.whatsapp ? 'whatsapp' : can.email ? 'email' : 'copy';
};

/** Where a link went, in words: "Sent by WhatsApp to 08031234567." */
export const sentToText = (channel: LinkChannel, to: string | null) => {
  if (channel === 'copy' || !to) return 'Copy the link and share it with the member.';
  const where = channel === 'email' ? to : formatPhone(to);
  return `Sent by ${channel === 'email' ? 'e-mail' : channelLabel(channel)} to ${where}.`;
};

/** A whole number of plan periods from 1 to 120. */
export const isPeriods = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PAYMENT_DURATION;
};

/** Plan amount × periods in naira, exact (counted in kobo); 0 without a plan or periods. */
export const linkAmount = (plan: Pick<Plan, 'amount'> | undefined, periods: number | string) =>
  plan && isPeriods(periods) ? koboToNaira(nairaToKobo(plan.amount) * Number(periods)) : 0;

/** The periods of `plan` that cost exactly `amount`, or null when none do (1 to 120). */
export const periodsFor = (plan: Pick<Plan, 'amount'>, amount: number) => {
  const price = nairaToKobo(plan.amount);
  const paid = nairaToKobo(amount);
  if (price <= 0 || paid % price !== 0) return null;
  const periods = paid / price;
  return isPeriods(periods) ? periods : null;
};

/** A plan as the plan select shows it: "Quarterly (₦25,000/3 months)". */
export const planLabel = (plan: Plan) =>
  `${plan.name} (${formatNaira(plan.amount)}/${
    plan.duration === 1 ? plan.duration_type : durationLabel(plan.duration, plan.duration_type)
  })`;
