import {
  formatNaira,
  koboToNaira,
  lagosDay,
  MAX_PAYMENT_DURATION,
  type PaymentMethod,
  type SendChannel,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { enqueueMessages } from '../../lib/outbox';
import type { PaystackClient, PaystackTransaction } from '../../lib/paystack';
import { getMemberForBusiness } from '../members';
import { recordReceivedPayment } from '../payments';
import { coveredMembersOf } from '../subscriptions';
import { addressFor, fallbackChannel, gymOf, receiptMessage, recipientOf } from './online.messages';
import * as repo from './online.repository';

/**
 * Turning a charge Paystack confirmed into a payment. Whatever told us (the webhook, the payer's
 * return to the payment page, the reconciliation job), we ask Paystack's verify call ourselves
 * and trust only its answer: status success, currency NGN, the amount. The payment is recorded
 * by `record_payment` like a cash payment, with the key `paystack:{reference}`, in one
 * transaction with the link marked paid and the receipt queued: the same reference confirmed
 * twice, or by two callers at once, records one payment and sends one receipt.
 *
 * A charge that cannot apply by itself (a different amount, a deactivated member, an inactive
 * plan, a transfer matching no plan) is held for staff with the reason, once per reference.
 */

/** Paystack's channel → the payment method the payments list shows. */
const methodOf = (channel: string): PaymentMethod =>
  channel === 'card' || channel === 'apple_pay' ? 'Card' : 'Transfer';

const paystackKey = (reference: string) => `paystack:${reference}`;

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** What a confirmed charge is for. */
interface Target {
  businessId: number;
  memberId: number;
  planId: number;
  planName: string;
  duration: number;
  reference: string;
  amountKobo: number;
  method: PaymentMethod;
  linkId: number | null;
  /** The channel the receipt goes by. */
  channel: SendChannel | undefined;
  recordedBy: number | null;
  /** For a group plan's link: the other members the payment covers. */
  groupMemberIds?: readonly number[];
}

export type Applied = 'applied' | 'held' | 'already';

/** Holds a charge for staff (once per reference); a link it paid is marked held. */
const holdCharge = async (
  exec: Executor,
  v: {
    businessId: number;
    reference: string;
    memberId: number | null;
    linkId: number | null;
    amountKobo: number;
    method: PaymentMethod;
    reason: string;
  },
) => {
  await repo.insertCharge(exec, { ...v, state: 'held' });
  if (v.linkId) await repo.settleLink(exec, v.linkId, 'held', null);
};

/** Why record_payment refused, in the words staff read on the held list. */
const refusalReason = (status: string, t: Target, expectedKobo?: number): string => {
  switch (status) {
    case 'member_inactive':
      return 'The member is deactivated: reactivate them, then assign the payment.';
    case 'plan_inactive':
      return `The plan ${t.planName} is no longer active: choose another plan.`;
    case 'plan_not_found':
      return 'The plan no longer exists: choose another plan.';
    case 'member_not_found':
      return 'The member no longer exists.';
    case 'group_member_not_found':
      return 'A member the group plan was to cover no longer exists.';
    case 'group_member_inactive':
      return 'A member the group plan was to cover is deactivated: reactivate them, then assign the payment.';
    case 'plan_not_grouped':
    case 'group_too_large':
      return `The plan ${t.planName} no longer covers the members the link named.`;
    case 'cover_too_long':
      return `${naira(t.amountKobo)} would cover ${t.planName} for more than 10 years: assign it to another plan or refund it.`;
    case 'amount_mismatch':
      return `${naira(t.amountKobo)} was paid but ${t.planName} × ${t.duration} now costs ${naira(expectedKobo ?? 0)}.`;
    default:
      return 'The payment could not be applied.';
  }
};

/**
 * Records the payment for `t` in one transaction with what follows it. Answers `applied` (this
 * call recorded it), `already` (an earlier confirmation did) or `held`.
 */
export const applyCharge = async (
  ctx: AppContext,
  t: Target,
  /** A transaction of the caller's to write in (staff assigning a held payment hold its lock). */
  within?: Executor,
): Promise<Applied> => {
  // Read on the caller's transaction when there is one (PGlite has a single connection).
  const member = await getMemberForBusiness(ctx, t.businessId, t.memberId, within ?? ctx.db).catch(
    () => undefined,
  );
  const write = async (tx: Executor): Promise<Applied> => {
    const outcome = await recordReceivedPayment(
      tx,
      {
        businessId: t.businessId,
        memberId: t.memberId,
        planId: t.planId,
        duration: t.duration,
        amountKobo: t.amountKobo,
        method: t.method,
        purpose: `Paid online (Paystack ${t.reference})`.slice(0, 200),
        idempotencyKey: paystackKey(t.reference),
        recordedBy: t.recordedBy,
        groupMemberIds: t.groupMemberIds,
        // A team user assigning a held payment acted; else the member paid a link, or Paystack
        // reported a transfer into the member's account.
        actorKind: t.recordedBy !== null ? 'user' : t.linkId !== null ? 'member' : 'paystack',
      },
      lagosDay(),
    );
    if (outcome.status === 'replayed' || outcome.status === 'key_used') return 'already';
    if (outcome.status !== 'recorded') {
      await holdCharge(tx, {
        businessId: t.businessId,
        reference: t.reference,
        memberId: member ? t.memberId : null,
        linkId: t.linkId,
        amountKobo: t.amountKobo,
        method: t.method,
        reason: refusalReason(
          outcome.status,
          t,
          outcome.status === 'amount_mismatch' ? outcome.expectedKobo : undefined,
        ),
      });
      return 'held';
    }
    const paymentId = outcome.recorded.payment.id;
    await repo.insertCharge(tx, {
      businessId: t.businessId,
      reference: t.reference,
      memberId: t.memberId,
      linkId: t.linkId,
      amountKobo: t.amountKobo,
      method: t.method,
      state: 'applied',
      paymentId,
    });
    if (t.linkId) await repo.settleLink(tx, t.linkId, 'paid', paymentId);
    const channel = t.channel ?? (member ? fallbackChannel(recipientOf(member)) : undefined);
    const to = member && channel ? addressFor(channel, recipientOf(member)) : '';
    if (member && channel && to) {
      const gym = gymOf(await repo.businessSender(tx, t.businessId), ctx.config.appUrl);
      await enqueueMessages(tx, [
        receiptMessage(channel, to, {
          businessId: t.businessId,
          memberId: t.memberId,
          gym,
          firstName: member.first_name,
          plan: t.planName,
          duration: t.duration,
          amountKobo: t.amountKobo,
          expiryDate: outcome.recorded.subscription.expiryDate,
          reference: t.reference,
        }),
      ]);
    }
    return 'applied';
  };
  return within ? write(within) : ctx.db.transaction(write);
};

/**
 * Acts on a charge of this business that Paystack's verify call confirmed. Only two kinds of
 * charge become payments: one Kora started (a payment link: our reference) and a transfer into
 * a member's dedicated account. Anything else (the gym's other Paystack sales, even to a member)
 * is left alone, neither recorded nor held: `ignored`.
 */
const actOnTransaction = async (
  ctx: AppContext,
  businessId: number,
  tr: PaystackTransaction,
): Promise<Applied | 'ignored' | 'pending'> => {
  if (tr.status !== 'success') return 'pending';
  const method = methodOf(tr.channel);
  const link = await repo.findLinkByReference(ctx.db, businessId, tr.reference);
  if (link) {
    const base = {
      businessId,
      reference: tr.reference,
      memberId: link.memberId,
      linkId: link.id,
      amountKobo: tr.amount,
      method,
    };
    if (tr.currency !== 'NGN' || tr.amount !== link.amountKobo) {
      await ctx.db.transaction((tx) =>
        holdCharge(tx, {
          ...base,
          reason:
            tr.currency !== 'NGN'
              ? `Paid in ${tr.currency}, not naira.`
              : `${naira(tr.amount)} was paid but the link asked for ${naira(link.amountKobo)}.`,
        }),
      );
      return 'held';
    }
    return applyCharge(ctx, {
      ...base,
      planId: link.subscriptionTypeId,
      planName: await repo.planName(ctx.db, businessId, link.subscriptionTypeId),
      duration: link.duration,
      channel: link.channel === 'copy' ? undefined : (link.channel as SendChannel),
      recordedBy: null,
      groupMemberIds: link.groupMemberIds ?? [],
    });
  }
  const account = await dedicatedAccountOf(ctx, businessId, tr);
  if (!account) return 'ignored';
  return applyTransfer(ctx, account, tr, method);
};

/** Paystack's channel for a bank transfer into a dedicated virtual account. */
const DEDICATED = 'dedicated_nuban';

/**
 * The member's transfer account a charge was paid into, or undefined. Only a transfer into the
 * member's own dedicated account counts: its channel is dedicated_nuban, its customer is the
 * member's Paystack customer, and the account it was received into (when Paystack reports it)
 * is the member's. Any other charge of the same customer (a card sale the gym made on its own
 * Paystack to a member with the same e-mail) is not Kora's to record.
 */
const dedicatedAccountOf = async (ctx: AppContext, businessId: number, tr: PaystackTransaction) => {
  if (tr.channel !== DEDICATED && tr.authorization_channel !== DEDICATED) return undefined;
  const customer = tr.customer?.customer_code;
  if (!customer) return undefined;
  const account = await repo.findTransferAccountByCustomer(ctx.db, businessId, customer);
  if (!account) return undefined;
  const receiver = tr.receiver_account_number;
  return receiver && receiver !== account.accountNumber ? undefined : account;
};

/**
 * A transfer into a member's dedicated account renews the plan of their latest subscription when
 * the amount is a whole number of its periods; otherwise it is held for staff.
 */
const applyTransfer = async (
  ctx: AppContext,
  account: repo.TransferAccountRow,
  tr: PaystackTransaction,
  method: PaymentMethod,
): Promise<Applied> => {
  const { businessId, memberId } = account;
  const hold = (reason: string) =>
    ctx.db
      .transaction((tx) =>
        holdCharge(tx, {
          businessId,
          reference: tr.reference,
          memberId,
          linkId: null,
          amountKobo: tr.amount,
          method,
          reason,
        }),
      )
      .then(() => 'held' as const);
  if (tr.currency !== 'NGN') return hold(`Paid in ${tr.currency}, not naira.`);
  const plan = await repo.currentPlanOf(ctx.db, businessId, memberId);
  if (!plan) return hold(`${naira(tr.amount)} received: the member has no plan to renew yet.`);
  const periods = plan.amountKobo > 0 ? tr.amount / plan.amountKobo : 0;
  if (!Number.isInteger(periods) || periods < 1 || periods > MAX_PAYMENT_DURATION)
    return hold(
      `${naira(tr.amount)} is not a whole number of ${plan.name} periods (${naira(plan.amountKobo)} each).`,
    );
  // A payer's transfer renews their group as it stands: the members their latest subscription
  // covers are covered by the renewal too (one who was removed from the group is not named).
  const group =
    plan.groupSubscriptionId === null
      ? ((await coveredMembersOf(ctx.db, businessId, [plan.subscriptionId])).get(
          plan.subscriptionId,
        ) ?? [])
      : [];
  return applyCharge(ctx, {
    businessId,
    memberId,
    planId: plan.id,
    planName: plan.name,
    duration: periods,
    reference: tr.reference,
    amountKobo: tr.amount,
    method,
    linkId: null,
    channel: (account.sentBy as SendChannel | null) ?? undefined,
    recordedBy: null,
    groupMemberIds: group.map((m) => m.id),
  });
};

/** Asks Paystack about one reference and acts on the answer. */
export const verifyAndAct = async (
  ctx: AppContext,
  businessId: number,
  client: PaystackClient,
  reference: string,
) => {
  const tr = await client.verify(reference);
  // Paystack's answer must be about the charge asked for; anything else is acted on by nobody.
  return tr.reference === reference ? actOnTransaction(ctx, businessId, tr) : 'ignored';
};
