import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, kobo, link, moment, ref } from './columns';
import { members } from './members';
import { payments } from './payments';
import { plans } from './plans';
import { users } from './users';

/**
 * A business's own Paystack account. The secret key is stored encrypted (AES-256-GCM with
 * SECRETS_ENCRYPTION_KEY) and never answered. Disconnecting deletes the row (the webhook
 * address, which belongs to the business, stays in paystack_webhooks).
 */
export const paystackAccounts = pgTable('paystack_accounts', {
  businessId: ref('business_id', () => businesses.id).primaryKey(),
  /** iv.tag.ciphertext, base64url each. */
  secretKeyEnc: text('secret_key_enc').notNull(),
  keyLast4: varchar('key_last4', { length: 4 }).notNull(),
  /** test or live, from the key's prefix. */
  mode: varchar('mode', { length: 4 }).notNull(),
  transferAccounts: boolean('transfer_accounts').notNull().default(false),
  eventsReceived: integer('events_received').notNull().default(0),
  lastEventAt: moment('last_event_at'),
  connectedBy: link('connected_by', () => users.id, { onDelete: 'set null' }),
  connectedAt: createdAt(),
});

/**
 * A business's webhook address, /v1/paystack/webhook/{token}: made at its first connection and
 * kept for good (disconnecting, reconnecting or replacing the key never changes it), so the
 * address pasted in Paystack's dashboard keeps working. `key_fingerprint` (an HMAC of the last
 * key connected, under the server's key) tells a reconnection of the same key from another
 * account's; `paste_needed` says the address must be pasted into the connected account's
 * dashboard (a key of another Paystack account or mode), until an event signed by it arrives.
 */
export const paystackWebhooks = pgTable(
  'paystack_webhooks',
  {
    businessId: ref('business_id', () => businesses.id).primaryKey(),
    token: varchar('token', { length: 64 }).notNull(),
    keyFingerprint: varchar('key_fingerprint', { length: 64 }),
    /** The mode (test, live) of the last key connected. */
    mode: varchar('mode', { length: 4 }),
    pasteNeeded: boolean('paste_needed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('paystack_webhooks_token_idx').on(t.token)],
);

/**
 * A `charge.success` that reached the business's address while Paystack was disconnected: no
 * key can check its signature yet, so the raw event is kept as received (bounded in size and in
 * number per business) and applied after the next connection, once its signature matches the
 * new key and Paystack's verify call confirms the charge. Paystack's retries of one event
 * (the same body, so the same signature) are kept once.
 */
export const paystackKeptEvents = pgTable(
  'paystack_kept_events',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    /** Paystack's `x-paystack-signature`, 128 hex characters. */
    signature: varchar('signature', { length: 128 }).notNull(),
    /** The exact raw body (its signature is over these bytes). */
    body: text('body').notNull(),
    receivedAt: createdAt(),
    /** When a pass last claimed it (several instances never apply one together). */
    claimedAt: moment('claimed_at'),
  },
  (t) => [uniqueIndex('paystack_kept_events_signature_idx').on(t.businessId, t.signature)],
);

/**
 * A payment link: a Paystack transaction initialised for plan × periods of one member, paid on
 * the public page /pay/{reference}. `reference` is ours and Paystack's (unique everywhere: it is
 * in a public URL). sent → paid | held | expired | cancelled.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id),
    subscriptionTypeId: ref('subscription_type_id', () => plans.id),
    duration: integer('duration').notNull(),
    amountKobo: kobo('amount_kobo'),
    reference: varchar('reference', { length: 60 }).notNull(),
    /** Paystack's checkout page for this transaction. */
    authorizationUrl: varchar('authorization_url', { length: 500 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    sentTo: varchar('sent_to', { length: 254 }),
    state: varchar('state', { length: 10 }).notNull().default('sent'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    createdBy: link('created_by', () => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    /** When the reconciliation job last asked Paystack about it. */
    checkedAt: moment('checked_at'),
    paidAt: moment('paid_at'),
    paymentId: link('payment_id', () => payments.id),
    /** For a group plan: the other members the payment will cover (the payer is `member_id`). */
    groupMemberIds: integer('group_member_ids').array(),
  },
  (t) => [
    uniqueIndex('payment_links_reference_idx').on(t.reference),
    uniqueIndex('payment_links_business_key_idx').on(t.businessId, t.idempotencyKey),
    index('payment_links_member_idx').on(t.businessId, t.memberId, t.createdAt, t.id),
    // The reconciliation job's queue: links still waiting, oldest check first.
    index('payment_links_waiting_idx')
      .on(t.createdAt)
      .where(sql`state = 'sent'`),
  ],
);

/**
 * Every successful Paystack charge Kora acted on, once per reference and business: `applied`
 * (recorded as a payment), `held` (paid, but not applicable by itself: `reason` says why),
 * then `assigned` or `dismissed` by staff. The unique reference makes a webhook delivered twice,
 * or a webhook and the payer's return together, act once.
 */
export const paystackCharges = pgTable(
  'paystack_charges',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    reference: varchar('reference', { length: 100 }).notNull(),
    memberId: link('member_id', () => members.id),
    linkId: link('link_id', () => paymentLinks.id),
    amountKobo: kobo('amount_kobo'),
    /** Cash, Card or Transfer (from Paystack's channel). */
    method: varchar('method', { length: 10 }).notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    note: varchar('note', { length: 200 }),
    paymentId: link('payment_id', () => payments.id),
    resolvedBy: link('resolved_by', () => users.id, { onDelete: 'set null' }),
    resolvedAt: moment('resolved_at'),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('paystack_charges_reference_idx').on(t.businessId, t.reference),
    index('paystack_charges_state_idx').on(t.businessId, t.state, t.receivedAt, t.id),
  ],
);

/** A member's dedicated transfer account (Paystack customer + dedicated virtual account). */
export const transferAccounts = pgTable(
  'transfer_accounts',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id),
    customerCode: varchar('customer_code', { length: 60 }).notNull(),
    accountNumber: varchar('account_number', { length: 20 }).notNull(),
    accountName: varchar('account_name', { length: 200 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    /** The channel the details were last sent by: a receipt goes the same way. */
    sentBy: varchar('sent_by', { length: 10 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfer_accounts_member_idx').on(t.businessId, t.memberId),
    uniqueIndex('transfer_accounts_customer_idx').on(t.businessId, t.customerCode),
  ],
);
