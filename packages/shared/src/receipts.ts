import { z } from 'zod';
import { answerOf, contract } from './contract';
import { chosenId, PAID_ON_SOURCES, PAYMENT_KINDS, PAYMENT_METHODS } from './payments';

/*
 * Receipts: every payment has one, numbered per business without gaps in the order payments
 * are recorded (`IRON-000123`: the business code, as in member IDs, and 6 digits). It shows
 * on a page and as a PDF (A4 or an 80 mm till roll), is sent by WhatsApp, SMS or e-mail through
 * the outbox, and has a public link `/r/{token}` (32 URL-safe characters, not the payment's id)
 * that shows that receipt only.
 */

/** The digits of a receipt number after the business code. */
export const RECEIPT_DIGITS = 6;
/** Characters of a receipt's public token (URL-safe base64 of 24 random bytes: 192 bits). */
export const RECEIPT_TOKEN_LENGTH = 32;

/** `IRON` + 123 → `IRON-000123`. */
export const receiptNumber = (businessCode: string, seq: number): string =>
  `${businessCode}-${String(seq).padStart(RECEIPT_DIGITS, '0')}`;

/** The public receipt page's path; its PDF is the same path with `.pdf`. */
export const receiptPath = (token: string): string => `/r/${token}`;

export const RECEIPT_SIZES = ['a4', '80mm'] as const;
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];

export const RECEIPT_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type ReceiptChannel = (typeof RECEIPT_CHANNELS)[number];

/** What sending a receipt says when the member cannot be reached on the chosen channel. */
export const RECEIPT_MESSAGES = {
  noPhone: 'This member has no phone number: add one to send the receipt by WhatsApp or SMS.',
  noEmail: 'This member has no e-mail address: add one to send the receipt by e-mail.',
} as const;

/** Everything a receipt shows (the page, the PDF and the message are made from it). */
export const receiptSchema = z.object({
  receipt_number: z.string(),
  /** When the payment was recorded (ISO) and its Lagos day. */
  created_at: z.string(),
  paid_on: z.string(),
  business: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website_url: z.string().nullable(),
  }),
  member: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    /** The member ID shown on their card (IRON-00042). */
    member_id: z.string(),
  }),
  /** For a group plan: the other members the payment covers. */
  covered_members: z.array(
    z.object({ first_name: z.string(), last_name: z.string(), member_id: z.string() }),
  ),
  plan: z.object({ name: z.string() }),
  /** Plan periods bought (0 for a freeze fee). */
  duration: z.number().int(),
  /**
   * YYYY-MM-DD: the subscription's first and (current) last day; for a freeze fee, the freeze's
   * first and last frozen day.
   */
  start_date: z.string(),
  expiry_date: z.string(),
  /** 'freeze_fee': the receipt says "Freeze fee" with the days frozen, no period (absent: plan). */
  kind: z.enum(PAYMENT_KINDS).optional(),
  /** For a freeze fee: how many days the freeze holds (null otherwise). */
  freeze_days: z.number().int().nullable().optional(),
  /** Naira. */
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.string(),
  /** Who recorded it (null: paid online through Paystack). */
  recorded_by_name: z.string().nullable(),
  voided: z.boolean(),
  /** The Lagos day it was voided (YYYY-MM-DD), null when it was not. */
  voided_on: z.string().nullable(),
  /** Naira given back (0 when none): the receipt says "REFUNDED ₦X". */
  refunded: z.number(),
  /** Each refund, oldest first: naira, its Lagos day (YYYY-MM-DD) and how it was given back. */
  refunds: z.array(
    z.object({ amount: z.number(), refunded_on: z.string(), method: z.enum(PAYMENT_METHODS) }),
  ),
  /** Naira the gym kept: the amount less the refunds. */
  kept: z.number(),
  /** A discount given when it was recorded (naira off the price, the percent, why); null: none. */
  discount: z
    .object({ amount: z.number(), percent: z.number().nullable(), reason: z.string() })
    .nullable()
    .optional(),
  /** 'entered': `paid_on` is an earlier day an owner or admin entered; the receipt says it. */
  paid_on_source: z.enum(PAID_ON_SOURCES).optional(),
  /** The public link (`{APP_URL}/r/{token}`). */
  receipt_url: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

const paymentIdParams = z.object({ id: chosenId('Payment not found') });

const receiptPdfQuery = z.object({
  size: z.enum(RECEIPT_SIZES, { error: 'Size must be a4 or 80mm' }).optional().default('a4'),
});

export const sendReceiptSchema = z.object({
  channel: z.enum(RECEIPT_CHANNELS, { error: 'Choose how to send it' }),
});
export type SendReceiptInput = z.input<typeof sendReceiptSchema>;

const receiptSettingsSchema = z.object({
  /** After each desk payment, send the receipt by the member's preferred channel. */
  auto_send: z.boolean(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;

const updateReceiptSettingsSchema = z.object({
  auto_send: z.boolean({ error: 'Send receipts automatically must be on or off' }),
});

/**
 * The receipt calls. The public pages `/r/{token}` (HTML) and `/r/{token}.pdf` are served
 * outside the API, like a member's card page, and are not contracts.
 */
export const receiptContracts = {
  get: contract({
    method: 'GET',
    path: '/v1/payment/:id/receipt',
    operationId: 'getReceipt',
    summary: "A payment's receipt: everything it shows",
    tag: 'payments',
    access: 'payments.read',
    params: paymentIdParams,
    answer: answerOf(receiptSchema),
  }),
  pdf: contract({
    method: 'GET',
    path: '/v1/payment/:id/receipt.pdf',
    operationId: 'getReceiptPdf',
    summary: "A payment's receipt as a PDF, A4 or 80 mm wide",
    tag: 'payments',
    access: 'payments.read',
    params: paymentIdParams,
    query: receiptPdfQuery,
    answer: z.string().meta({ format: 'binary' }),
    produces: ['application/pdf'],
  }),
  send: contract({
    method: 'POST',
    path: '/v1/payment/:id/receipt/send',
    operationId: 'sendReceipt',
    summary: 'Send the member the receipt by WhatsApp, SMS or e-mail',
    description: 'Queued in the outbox; answers the channel and where it goes.',
    tag: 'payments',
    access: 'payments.record',
    params: paymentIdParams,
    body: sendReceiptSchema,
    answer: answerOf(z.object({ channel: z.enum(RECEIPT_CHANNELS), to: z.string() })),
  }),
  getSettings: contract({
    method: 'GET',
    path: '/v1/business/receipt-settings',
    operationId: 'getReceiptSettings',
    summary: 'Whether receipts are sent automatically after each desk payment',
    tag: 'business',
    access: 'business.read',
    answer: answerOf(receiptSettingsSchema),
  }),
  updateSettings: contract({
    method: 'PUT',
    path: '/v1/business/receipt-settings',
    operationId: 'updateReceiptSettings',
    summary: 'Turn automatic receipts on or off',
    tag: 'business',
    access: 'business.manage',
    body: updateReceiptSettingsSchema,
    answer: answerOf(receiptSettingsSchema),
  }),
};
