import {
  RECEIPT_MESSAGES,
  RECEIPT_TOKEN_LENGTH,
  REMINDER_CHANNEL_ORDER,
  formatDay,
  formatNaira,
  koboToNaira,
  lagosDay,
  receiptPath,
  type PaidOnSource,
  type PaymentKind,
  type PaymentMethod,
  type Receipt,
  type ReceiptChannel,
  type ReceiptSettings,
  type ReceiptSize,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { absoluteLogoUrl } from '../../lib/mail-templates';
import { noAddress } from '../../lib/member-message';
import { enqueueMessages } from '../../lib/outbox';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit';
import { receiptMessage, type ReceiptMessageState } from './receipts.messages';
import { receiptPdf } from './receipts.pdf';
import { localLogo, printOf } from './receipts.print';
import * as repo from './receipts.repository';

/*
 * Receipts: what a payment's receipt shows (JSON for the back office, a PDF, the public page),
 * sending it to the member through the outbox, and sending it automatically after each desk
 * payment when the business turned that on.
 */

const PAYMENT_NOT_FOUND = 'Payment not found';
const paymentNotFound = () => notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');

/** A receipt token's shape: 32 URL-safe characters. Anything else is no receipt's. */
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${RECEIPT_TOKEN_LENGTH}}$`);
export const isReceiptToken = (token: string): boolean => TOKEN.test(token);

/** The receipt's public link: `{APP_URL}/r/{token}`. */
const receiptUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}${receiptPath(token)}`;

const toReceipt = async (
  ctx: AppContext,
  exec: Executor,
  row: repo.ReceiptRow,
): Promise<Receipt> => {
  const covered =
    row.subscriptionId === null
      ? []
      : await repo.coveredMembers(exec, row.businessId, row.subscriptionId);
  // Only a refunded payment has refunds to read.
  const refunds = row.refundedKobo > 0 ? await repo.refundsOf(exec, row.businessId, row.id) : [];
  return {
    receipt_number: row.receiptNumber,
    created_at: row.createdAt.toISOString(),
    paid_on: row.paidOn,
    business: {
      name: row.business.name,
      logo_url: absoluteLogoUrl(row.business.logoUrl, ctx.config.appUrl),
      address: row.business.address,
      city: row.business.city,
      state: row.business.state,
      phone: row.business.phone?.trim() || null,
      email: row.business.email?.trim() || null,
      website_url: row.business.websiteUrl?.trim() || null,
    },
    member: {
      id: row.member.id,
      first_name: row.member.firstName,
      last_name: row.member.lastName,
      member_id: row.member.memberCode,
    },
    covered_members: covered.map((m) => ({
      first_name: m.firstName,
      last_name: m.lastName,
      member_id: m.memberCode,
    })),
    plan: { name: row.planName },
    duration: row.duration,
    start_date: row.startDate,
    expiry_date: row.expiryDate,
    kind: row.kind as PaymentKind,
    freeze_days: row.kind === 'freeze_fee' ? (row.freezeDays ?? null) : null,
    amount: koboToNaira(row.amountKobo),
    method: row.method as PaymentMethod,
    purpose: row.purpose,
    recorded_by_name: row.recordedByName,
    voided: row.voidedAt !== null,
    voided_on: row.voidedAt ? lagosDay(row.voidedAt) : null,
    refunded: koboToNaira(row.refundedKobo),
    refunds: refunds.map((r) => ({
      amount: koboToNaira(r.amountKobo),
      refunded_on: r.refundedOn,
      method: r.method as PaymentMethod,
    })),
    kept: koboToNaira(row.amountKobo - row.refundedKobo),
    discount:
      row.discountReason === null
        ? null
        : {
            amount: koboToNaira(row.discountKobo),
            percent: row.discountBp === null ? null : row.discountBp / 100,
            reason: row.discountReason,
          },
    paid_on_source: row.paidOnSource as PaidOnSource,
    receipt_url: receiptUrl(ctx, row.receiptToken),
  };
};

/** "₦22,500 (after a ₦2,500 discount), paid on 20 Nov 2026": the message's amount in words. */
const amountInWords = (row: repo.ReceiptRow): string =>
  formatNaira(koboToNaira(row.amountKobo)) +
  (row.discountReason === null
    ? ''
    : ` (after a ${formatNaira(koboToNaira(row.discountKobo))} discount)`) +
  (row.paidOnSource === 'entered' ? `, paid on ${formatDay(row.paidOn)}` : '');

/** GET /v1/payment/:id/receipt: everything the receipt shows (404 for another business's). */
export const getReceipt = async (
  ctx: AppContext,
  businessId: number,
  paymentId: number,
): Promise<Receipt> => {
  const row = await repo.receiptOf(ctx.db, businessId, paymentId);
  if (!row) throw paymentNotFound();
  return toReceipt(ctx, ctx.db, row);
};

/** A receipt's PDF with its file name (`IRON-000123.pdf`). */
const pdfOf = async (ctx: AppContext, row: repo.ReceiptRow, size: ReceiptSize) => {
  const receipt = await toReceipt(ctx, ctx.db, row);
  const logo = await localLogo(ctx, row.business.logoUrl);
  return {
    filename: `${receipt.receipt_number.replace(/[^A-Za-z0-9-]/g, '') || 'receipt'}.pdf`,
    stream: receiptPdf(printOf(receipt, logo), size),
  };
};

/** GET /v1/payment/:id/receipt.pdf. */
export const getReceiptPdf = async (
  ctx: AppContext,
  businessId: number,
  paymentId: number,
  size: ReceiptSize,
) => {
  const row = await repo.receiptOf(ctx.db, businessId, paymentId);
  if (!row) throw paymentNotFound();
  return pdfOf(ctx, row, size);
};

/** The public page's receipt, or undefined for a token that is no receipt's. */
export const publicReceipt = async (ctx: AppContext, token: string) => {
  if (!isReceiptToken(token)) return undefined;
  const row = await repo.receiptByToken(ctx.db, token);
  if (!row) return undefined;
  const receipt = await toReceipt(ctx, ctx.db, row);
  return { print: printOf(receipt, null), logoUrl: receipt.business.logo_url };
};

/** The public PDF, or undefined for a token that is no receipt's. */
export const publicReceiptPdf = async (ctx: AppContext, token: string, size: ReceiptSize) => {
  if (!isReceiptToken(token)) return undefined;
  const row = await repo.receiptByToken(ctx.db, token);
  return row ? pdfOf(ctx, row, size) : undefined;
};

/** The address a channel reaches for this member, '' when they have none. */
const addressFor = (channel: ReceiptChannel, m: repo.ReceiptRow['member']): string =>
  ((channel === 'email' ? m.emailAddress : m.mobileNumber) ?? '').trim();

/** A voided or refunded payment's state, in the message's words (undefined: it stands). */
const messageStateOf = (row: repo.ReceiptRow): ReceiptMessageState | undefined => {
  if (row.voidedAt) return { voidedOn: formatDay(lagosDay(row.voidedAt)) };
  if (row.refundedKobo <= 0) return undefined;
  const kept = row.amountKobo - row.refundedKobo;
  return {
    refunded: formatNaira(koboToNaira(row.refundedKobo)),
    kept: formatNaira(koboToNaira(kept)),
    inFull: kept <= 0,
  };
};

/**
 * Queues the receipt message and its `receipt.send` audit entry (the channel, never the link or
 * the address) with `exec`, so both are written together or not at all.
 */
const queueReceipt = async (
  ctx: AppContext,
  exec: Executor,
  actor: Actor,
  row: repo.ReceiptRow,
  channel: ReceiptChannel,
  to: string,
  automatic: boolean,
) => {
  await enqueueMessages(exec, [
    receiptMessage(channel, to, {
      businessId: row.businessId,
      memberId: row.member.id,
      firstName: row.member.firstName,
      gym: {
        name: row.business.name,
        email: row.business.email?.trim() || null,
        logoUrl: absoluteLogoUrl(row.business.logoUrl, ctx.config.appUrl),
      },
      receiptNumber: row.receiptNumber,
      amount: amountInWords(row),
      url: receiptUrl(ctx, row.receiptToken),
      state: messageStateOf(row),
    }),
  ]);
  await recordAudit(exec, actor, {
    businessId: row.businessId,
    action: 'receipt.send',
    recordKind: 'receipt',
    recordId: row.id,
    recordLabel: row.receiptNumber,
    memberId: row.member.id,
    paymentId: row.id,
    detail: {
      channel,
      automatic,
      member_name: `${row.member.firstName} ${row.member.lastName}`.trim(),
    },
  });
};

/**
 * POST /v1/payment/:id/receipt/send: the receipt's link to the member by WhatsApp, SMS or
 * e-mail, through the outbox. A member without a phone (WhatsApp, SMS) or an e-mail address
 * (e-mail) is refused with a 400 that says what to add; nothing is queued.
 */
export const sendReceipt = async (
  ctx: AppContext,
  actor: Actor,
  businessId: number,
  paymentId: number,
  channel: ReceiptChannel,
): Promise<{ channel: ReceiptChannel; to: string }> => {
  const row = await repo.receiptOf(ctx.db, businessId, paymentId);
  if (!row) throw paymentNotFound();
  const to = addressFor(channel, row.member);
  if (!to) throw noAddress(channel, RECEIPT_MESSAGES);
  await ctx.db.transaction((tx) => queueReceipt(ctx, tx, actor, row, channel, to, false));
  return { channel, to };
};

/**
 * Whether each business sends receipts automatically, as this instance last read it: the busiest
 * call (recording a payment) then costs no extra round trip. A change made on this instance
 * applies at once; one made on another instance within AUTO_SEND_FRESH_MS.
 */
const AUTO_SEND_FRESH_MS = 10_000;
const autoSendSeen = new WeakMap<AppContext, Map<number, { on: boolean; at: number }>>();
const seenOf = (ctx: AppContext) => {
  let seen = autoSendSeen.get(ctx);
  if (!seen) autoSendSeen.set(ctx, (seen = new Map()));
  return seen;
};

const autoSendOn = async (ctx: AppContext, exec: Executor, businessId: number) => {
  const seen = seenOf(ctx);
  const known = seen.get(businessId);
  if (known && Date.now() - known.at < AUTO_SEND_FRESH_MS) return known.on;
  const on = await repo.autoSendOf(exec, businessId);
  seen.set(businessId, { on, at: Date.now() });
  return on;
};

/**
 * After a desk payment (`exec`: the payment's own transaction, or right after it): when the
 * business sends receipts automatically, the receipt goes by the member's preferred channel,
 * the rule renewal reminders use (WhatsApp, then SMS, then e-mail: the first they have an
 * address for). Never for a replayed payment: the payments module calls this only when a payment
 * was really recorded.
 */
export const autoSendReceipt = async (
  ctx: AppContext,
  exec: Executor,
  payment: { businessId: number; paymentId: number },
): Promise<void> => {
  if (!(await autoSendOn(ctx, exec, payment.businessId))) return;
  const row = await repo.receiptOf(exec, payment.businessId, payment.paymentId);
  if (!row) return;
  const channel = REMINDER_CHANNEL_ORDER.find((c) => addressFor(c, row.member));
  if (!channel) return;
  const to = addressFor(channel, row.member);
  // The message and its audit entry together: in the caller's transaction, or one of their own.
  if (exec !== ctx.db) return queueReceipt(ctx, exec, SYSTEM_ACTOR, row, channel, to, true);
  await ctx.db.transaction((tx) => queueReceipt(ctx, tx, SYSTEM_ACTOR, row, channel, to, true));
};

/** GET /v1/business/receipt-settings. */
export const getReceiptSettings = async (
  ctx: AppContext,
  businessId: number,
): Promise<ReceiptSettings> => ({ auto_send: await repo.autoSendOf(ctx.db, businessId) });

/**
 * PUT /v1/business/receipt-settings: turns automatic receipts on or off, with its
 * `business.settings` audit entry in the same transaction (none when nothing changed).
 */
export const updateReceiptSettings = async (
  ctx: AppContext,
  actor: Actor,
  businessId: number,
  autoSend: boolean,
): Promise<ReceiptSettings> => {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.setAutoSend(tx, businessId, autoSend);
    if (before === undefined || before === autoSend) return;
    await recordAudit(tx, actor, {
      businessId,
      action: 'business.settings',
      recordKind: 'business',
      recordId: businessId,
      recordLabel: 'Send receipts automatically',
      changes: { auto_send_receipts: { from: before, to: autoSend } },
    });
  });
  seenOf(ctx).set(businessId, { on: autoSend, at: Date.now() });
  return { auto_send: autoSend };
};
