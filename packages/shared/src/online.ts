import { z } from 'zod';
import { idParam, pageQuery } from './common';
import { answerOf, contract, doneAnswer, pageOf } from './contract';
import { DURATION_TYPES } from './dates';
import { chosenId, groupMemberIds, PAYMENT_METHODS, planPeriods } from './payments';
import { textField } from './text';

/*
 * Online payments through the gym's own Paystack account: the gym connects its secret key,
 * sends members payment links (a public page that hands over to Paystack's checkout), and may
 * give each member a dedicated bank account number whose transfers renew them. Paystack's
 * webhook (verified with the gym's key) and a reconciliation job record each payment exactly
 * as a cash payment is recorded, once per Paystack reference. Money goes straight to the gym's
 * Paystack account; Kora never holds it.
 */

/** How a payment link reaches the member; `copy`: staff copy it and share it themselves. */
export const LINK_CHANNELS = [
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'sms', label: 'SMS' },
  { key: 'email', label: 'E-mail' },
  { key: 'copy', label: 'Copy the link' },
] as const;
export type LinkChannel = (typeof LINK_CHANNELS)[number]['key'];
const LINK_CHANNEL_KEYS = LINK_CHANNELS.map((c) => c.key) as [LinkChannel, ...LinkChannel[]];
/** The channels a message can go by (every link channel but copying). */
export type SendChannel = Exclude<LinkChannel, 'copy'>;
const SEND_CHANNEL_KEYS = ['whatsapp', 'sms', 'email'] as const satisfies SendChannel[];

/**
 * A link's life: `sent` (waiting for the member), `paid` (the payment is recorded),
 * `held` (the member paid but the payment could not be applied: staff assign it),
 * `expired` (not paid within its lifetime), `cancelled` (by staff).
 */
export const LINK_STATES = ['sent', 'paid', 'held', 'expired', 'cancelled'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** How long a payment link can be paid. */
export const PAYMENT_LINK_LIFETIME_DAYS = 7;
/** A link still unpaid this long after it was sent is checked with Paystack (a lost webhook). */
export const RECONCILE_AFTER_MINUTES = 30;

export const ONLINE_MESSAGES = {
  secretKey: 'Enter your Paystack secret key: it starts with sk_live_ or sk_test_.',
  keyRefused:
    'Paystack did not accept this secret key. Copy it again from Settings → API Keys & Webhooks on your Paystack dashboard.',
  unreachable: 'We could not reach Paystack. Please try again in a minute.',
  notConnected: 'Connect your Paystack account in Settings → Payments first.',
  noEncryptionKey:
    'Online payments are not set up on this server: SECRETS_ENCRYPTION_KEY is missing.',
  channel: 'Choose how to send the link',
  noPhone: 'This member has no phone number to send to.',
  noEmail: 'This member has no email address to send to.',
  linkNotFound: 'Payment link not found.',
  linkNotCancellable: 'Only a link that is still waiting for payment can be cancelled.',
  transfersOff: 'Turn on transfer accounts in Settings → Payments first.',
  noTransferAccount: 'This member has no transfer account yet.',
  heldNotFound: 'Held payment not found.',
  heldResolved: 'This payment was already resolved.',
  memberRequired: 'Please select a member',
  otherPayer: 'This payment came from another member: it can only be assigned to them.',
  note: 'Please say what was done with this payment',
} as const;

const SECRET_KEY = /^sk_(test|live)_[A-Za-z0-9]{8,200}$/;

/** PUT /v1/business/paystack: the business's Paystack secret key (checked with Paystack). */
export const connectPaystackSchema = z.object({
  secret_key: z
    .string({ error: ONLINE_MESSAGES.secretKey })
    .trim()
    .max(220, { error: ONLINE_MESSAGES.secretKey })
    .regex(SECRET_KEY, { error: ONLINE_MESSAGES.secretKey }),
});
export type ConnectPaystackInput = z.input<typeof connectPaystackSchema>;

/** PATCH /v1/business/paystack. */
const updatePaystackSchema = z.object({
  transfer_accounts: z.boolean({ error: 'transfer_accounts must be true or false' }),
});

/** What the Payments tab shows. The secret key itself is never answered. */
const paystackConnectionSchema = z.object({
  connected: z.boolean(),
  /** Test keys take no real money. */
  mode: z.enum(['test', 'live']).nullable(),
  /** The key's last four characters. */
  key_last4: z.string().nullable(),
  connected_at: z.string().nullable(),
  /**
   * This business's webhook URL, to paste into the Paystack dashboard. It never changes:
   * disconnecting, reconnecting or replacing the key keeps it.
   */
  webhook_url: z.string().nullable(),
  /**
   * The connected key is of another Paystack account (or mode, test or live) than the one the
   * webhook URL was used with: it must be pasted into that account's dashboard. False again once
   * an event signed by the connected key arrives.
   */
  webhook_paste_needed: z.boolean(),
  /** Webhook events received (with a valid signature) and the last one's time. */
  events_received: z.number().int(),
  last_event_at: z.string().nullable(),
  /** Each member may get a dedicated transfer account. */
  transfer_accounts: z.boolean(),
  /** Payments received that staff must assign. */
  held_payments: z.number().int(),
});
export type PaystackConnection = z.infer<typeof paystackConnectionSchema>;

/** POST /v1/member/:id/payment-link. The amount is the plan's price × duration (server). */
export const createPaymentLinkSchema = z.object({
  subscription_type_id: chosenId('Please select a subscription plan'),
  duration: planPeriods,
  channel: z.enum(LINK_CHANNEL_KEYS, { error: ONLINE_MESSAGES.channel }),
  /** For a group plan: the other members the payment will cover (as for a desk payment). */
  group_member_ids: groupMemberIds.optional(),
});
export type CreatePaymentLinkInput = z.input<typeof createPaymentLinkSchema>;
export type CreatePaymentLinkData = z.infer<typeof createPaymentLinkSchema>;

const paymentLinkSchema = z.object({
  id: z.number().int(),
  /** Our reference, also Paystack's. */
  reference: z.string(),
  /** The public page the member opens: /pay/{reference}. */
  url: z.string(),
  member_id: z.number().int(),
  subscription_type: z.object({ id: z.number().int(), name: z.string() }),
  duration: z.number().int(),
  /** Naira. */
  amount: z.number(),
  channel: z.enum(LINK_CHANNEL_KEYS),
  /** The phone or e-mail it was sent to; null when copied. */
  sent_to: z.string().nullable(),
  state: z.enum(LINK_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  /** For a group plan: the other members its payment covers. */
  group_member_ids: z.array(z.number().int()),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

const paymentLinkListQuery = pageQuery(50);

/** A member's dedicated transfer account (a Paystack virtual account at a partner bank). */
const transferAccountSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  created_at: z.string(),
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

const sendToMemberSchema = z.object({
  channel: z.enum(SEND_CHANNEL_KEYS, { error: 'Choose how to send it' }),
});

/**
 * A payment Paystack confirmed that could not be applied by itself (an amount that matches no
 * plan or differs from the link's, a deactivated member, a plan no longer offered): staff assign
 * it to a plan, or mark it handled with a note. `assigned`/`dismissed` are the resolved ones.
 * `member_id` names the member only for a payment whose payer is unknown.
 */
const HELD_STATES = ['held', 'assigned', 'dismissed'] as const;
export type HeldState = (typeof HELD_STATES)[number];

const heldPaymentSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** Naira received. */
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  /** Why it was not applied, in words. */
  reason: z.string(),
  member: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  state: z.enum(HELD_STATES),
  note: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  received_at: z.string(),
});
export type HeldPayment = z.infer<typeof heldPaymentSchema>;

const heldPaymentListQuery = pageQuery(100).extend({
  state: z
    .enum(HELD_STATES, { error: 'State must be held, assigned or dismissed' })
    .default('held'),
});

/** Assigning a held payment records it for a plan × periods that cost exactly what was paid. */
const assignHeldPaymentSchema = z.object({
  member_id: chosenId(ONLINE_MESSAGES.memberRequired).optional(),
  subscription_type_id: chosenId('Please select a subscription plan'),
  duration: planPeriods,
});

export type AssignHeldPaymentData = z.infer<typeof assignHeldPaymentSchema>;

export const dismissHeldPaymentSchema = z.object({
  note: textField({ label: 'Note', max: 200, min: 1, minMessage: ONLINE_MESSAGES.note }),
});

/** The public payment page's data: what the member is asked to pay, or the outcome. */
const payPageSchema = z.object({
  reference: z.string(),
  business: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  first_name: z.string(),
  plan_name: z.string(),
  duration: z.number().int(),
  duration_type: z.enum(DURATION_TYPES),
  plan_duration: z.number().int(),
  /** Naira. */
  amount: z.number(),
  state: z.enum(LINK_STATES),
  /** Paystack's checkout, while the link can be paid. */
  pay_url: z.string().nullable(),
  /** After payment: the membership's new last day (YYYY-MM-DD). */
  expiry_date: z.string().nullable(),
  /** After payment: it bought the member's first membership (a welcome, not a renewal). */
  first_payment: z.boolean(),
});
export type PayPage = z.infer<typeof payPageSchema>;

const referenceParam = z.object({
  reference: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9.=-]+$/, { error: 'Payment link not found.' }),
});

/**
 * The online payment calls. Connecting the account is the owner's or an admin's; every role
 * sends links, creates transfer accounts and resolves held payments (front-desk work).
 */
export const onlineContracts = {
  connection: contract({
    method: 'GET',
    path: '/v1/business/paystack',
    operationId: 'getPaystackConnection',
    summary: "The business's Paystack connection (never the key)",
    tag: 'online payments',
    access: 'payments.read',
    answer: answerOf(paystackConnectionSchema),
  }),
  connect: contract({
    method: 'PUT',
    path: '/v1/business/paystack',
    operationId: 'connectPaystack',
    summary: 'Connect (or replace) the Paystack secret key, checked with Paystack first',
    tag: 'online payments',
    access: 'business.manage',
    body: connectPaystackSchema,
    answer: answerOf(paystackConnectionSchema),
  }),
  update: contract({
    method: 'PATCH',
    path: '/v1/business/paystack',
    operationId: 'updatePaystack',
    summary: 'Turn dedicated transfer accounts on or off',
    tag: 'online payments',
    access: 'business.manage',
    body: updatePaystackSchema,
    answer: answerOf(paystackConnectionSchema),
  }),
  disconnect: contract({
    method: 'DELETE',
    path: '/v1/business/paystack',
    operationId: 'disconnectPaystack',
    summary: 'Disconnect Paystack: the key is deleted and open links are cancelled',
    tag: 'online payments',
    access: 'business.manage',
    answer: answerOf(paystackConnectionSchema),
  }),
  createLink: contract({
    method: 'POST',
    path: '/v1/member/:id/payment-link',
    operationId: 'createPaymentLink',
    summary: 'Create a Paystack payment link for plan × duration and send it',
    description:
      'The amount is the plan price × duration, computed by the server. A retry with the same ' +
      'Idempotency-Key answers the first link and sends nothing again.',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    body: createPaymentLinkSchema,
    answer: answerOf(paymentLinkSchema),
    status: 201,
    idempotent: true,
  }),
  listLinks: contract({
    method: 'GET',
    path: '/v1/member/:id/payment-link',
    operationId: 'listPaymentLinks',
    summary: "A page of the member's payment links, newest first",
    tag: 'online payments',
    access: 'payments.read',
    params: idParam,
    query: paymentLinkListQuery,
    answer: pageOf(paymentLinkSchema),
  }),
  cancelLink: contract({
    method: 'POST',
    path: '/v1/payment-link/:id/cancel',
    operationId: 'cancelPaymentLink',
    summary: 'Cancel a link still waiting for payment',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    answer: answerOf(paymentLinkSchema),
  }),
  transferAccount: contract({
    method: 'GET',
    path: '/v1/member/:id/transfer-account',
    operationId: 'getTransferAccount',
    summary: "The member's dedicated transfer account, or null",
    tag: 'online payments',
    access: 'payments.read',
    params: idParam,
    answer: answerOf(transferAccountSchema.nullable()),
  }),
  createTransferAccount: contract({
    method: 'POST',
    path: '/v1/member/:id/transfer-account',
    operationId: 'createTransferAccount',
    summary: 'Give the member a dedicated transfer account (once: a repeat answers the same)',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    answer: answerOf(transferAccountSchema),
    status: 201,
    idempotent: true,
  }),
  sendTransferAccount: contract({
    method: 'POST',
    path: '/v1/member/:id/transfer-account/send',
    operationId: 'sendTransferAccount',
    summary: 'Send the member their transfer account details',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    body: sendToMemberSchema,
    answer: doneAnswer,
  }),
  listHeld: contract({
    method: 'GET',
    path: '/v1/held-payment',
    operationId: 'listHeldPayments',
    summary: 'Paystack payments waiting for staff (or resolved ones), newest first',
    tag: 'online payments',
    access: 'payments.read',
    query: heldPaymentListQuery,
    answer: pageOf(heldPaymentSchema),
  }),
  assignHeld: contract({
    method: 'POST',
    path: '/v1/held-payment/:id/assign',
    operationId: 'assignHeldPayment',
    summary: 'Record a held payment for plan × duration costing exactly what was paid',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    body: assignHeldPaymentSchema,
    answer: answerOf(heldPaymentSchema),
  }),
  dismissHeld: contract({
    method: 'POST',
    path: '/v1/held-payment/:id/dismiss',
    operationId: 'dismissHeldPayment',
    summary: 'Mark a held payment handled outside Kora (refunded, recorded by hand), with a note',
    tag: 'online payments',
    access: 'payments.record',
    params: idParam,
    body: dismissHeldPaymentSchema,
    answer: answerOf(heldPaymentSchema),
  }),
  payPage: contract({
    method: 'GET',
    path: '/v1/pay/:reference',
    operationId: 'getPayPage',
    summary: "A payment link's public page data (checks with Paystack after a checkout)",
    tag: 'online payments',
    access: 'public',
    params: referenceParam,
    answer: answerOf(payPageSchema),
  }),
};
