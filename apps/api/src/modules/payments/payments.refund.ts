import {
  PAYMENT_MESSAGES,
  formatDay,
  formatNaira,
  koboToNaira,
  lagosDay,
  nairaToKobo,
  type PaymentDetails,
  type PaymentMethod,
  type RefundPaymentData,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../lib/errors';
import { KEY_REUSED } from '../../lib/idempotency';
import { recordAudit } from '../audit';
import {
  AFTER_END_SHORTEN,
  FULLY_REFUNDED,
  NOT_STARTED_SHORTEN,
  actorOfCorrector,
  auditCovered,
  chainRefusal,
  memberNameOf,
  paymentDetails,
  paymentNotFound,
  refundLeftOf,
  type Corrector,
} from './payments.corrections';
import * as repo from './payments.corrections.repository';

const FREEZE_FEE_REFUND_KEEP =
  'A freeze fee bought no subscription: choose "Keep" (the freeze stays as it is).';

/** What a refund does to the payer's subscription: its new last day, or withdrawn. */
type SubscriptionChange = { kind: 'none' } | { kind: 'end'; day: string } | { kind: 'withdraw' };

/**
 * The change a refund asks for: 'keep' none; 'end' a last day of today (withdrawn when it has
 * not started yet; none when it ended already); 'shorten' the day chosen, not before its start
 * nor after its current last day.
 */
const changeOf = (
  input: RefundPaymentData,
  sub: repo.SubscriptionRow | undefined,
  today: string,
): SubscriptionChange => {
  if (!sub || !sub.isActive || input.subscription === 'keep') return { kind: 'none' };
  if (input.subscription === 'end') {
    if (sub.startDate > today) return { kind: 'withdraw' };
    return sub.expiryDate > today ? { kind: 'end', day: today } : { kind: 'none' };
  }
  const day = input.expiry_date!;
  if (day < sub.startDate) {
    const message = `${NOT_STARTED_SHORTEN} (${formatDay(sub.startDate)}).`;
    throw badRequest(message, 'VALIDATION_ERROR', { expiry_date: message });
  }
  if (day > sub.expiryDate) {
    const message = `${AFTER_END_SHORTEN} (${formatDay(sub.expiryDate)}).`;
    throw badRequest(message, 'VALIDATION_ERROR', { expiry_date: message });
  }
  return day < sub.expiryDate ? { kind: 'end', day } : { kind: 'none' };
};

/**
 * Records money given back on payment `id` (owners and admins): at most what was paid less
 * earlier refunds, never on a voided payment. The subscription it bought (and those a group plan
 * gave) is kept, ended today, or shortened; a change is refused when a renewal is chained after
 * it. The refund counts on the Lagos day `today`. A repeated Idempotency-Key answers the first
 * refund (`replayed`) and writes nothing; the key sent again with other details is refused (409).
 */
export const refundPayment = async (
  ctx: AppContext,
  who: Corrector,
  id: number,
  input: RefundPaymentData,
  opts: { idempotencyKey?: string; today?: string } = {},
): Promise<{ details: PaymentDetails; replayed: boolean }> => {
  const today = opts.today ?? lagosDay();
  const key = opts.idempotencyKey ?? null;
  const replayed = await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPayment(tx, who.businessId, id);
    if (!p) throw paymentNotFound();
    if (key) {
      const earlier = await repo.findRefundByKey(tx, who.businessId, key);
      if (earlier) {
        // The same key with other details is another refund, not a retry of this one.
        const same =
          earlier.paymentId === p.id &&
          Number(earlier.amountKobo) === nairaToKobo(input.amount) &&
          earlier.method === input.method &&
          earlier.reason === input.reason &&
          earlier.subscriptionAction === input.subscription;
        if (!same) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
        return true;
      }
    }
    if (p.voidedAt !== null) throw conflict(PAYMENT_MESSAGES.refundVoided, 'PAYMENT_VOIDED');
    const left = refundLeftOf(p);
    if (left <= 0) throw conflict(FULLY_REFUNDED, 'PAYMENT_REFUNDED');
    const amountKobo = nairaToKobo(input.amount);
    if (amountKobo > left) {
      const message = `${PAYMENT_MESSAGES.refundTooLarge} At most ${formatNaira(koboToNaira(left))}.`;
      throw badRequest(message, 'REFUND_TOO_LARGE', { amount: message });
    }
    // A freeze fee bought no subscription: there is nothing to end or shorten.
    if (p.kind === 'freeze_fee' && input.subscription !== 'keep')
      throw badRequest(FREEZE_FEE_REFUND_KEEP, 'VALIDATION_ERROR', {
        subscription: FREEZE_FEE_REFUND_KEEP,
      });
    const subs = await repo.subscriptionsOfPayment(tx, who.businessId, id);
    await repo.lockMembers(
      tx,
      who.businessId,
      subs.map((s) => s.memberId),
    );
    const change = changeOf(input, subs[0], today);
    const changing = subs.filter((s) => s.isActive);
    if (change.kind !== 'none') {
      const refused = await chainRefusal(tx, who.businessId, changing);
      if (refused) throw refused;
    }
    const refundId = await repo.insertRefund(tx, {
      businessId: who.businessId,
      paymentId: p.id,
      memberId: p.memberId,
      subscriptionTypeId: p.subscriptionTypeId,
      amountKobo,
      method: input.method,
      reason: input.reason,
      subscriptionAction: input.subscription,
      newExpiryDate: change.kind === 'end' ? change.day : null,
      refundedOn: today,
      recordedBy: who.userId,
      idempotencyKey: key,
    });
    // The same key sent at the same moment for another payment: the first one took it.
    if (refundId === undefined) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    const coveredChanging = changing.filter((s) => s.id !== subs[0]?.id);
    if (change.kind === 'end')
      await auditCovered(
        tx,
        who,
        p,
        coveredChanging.filter((s) => s.expiryDate > change.day),
        { action: 'subscription.change', reason: input.reason, to: change.day },
      );
    if (change.kind === 'withdraw')
      await auditCovered(tx, who, p, coveredChanging, {
        action: 'subscription.withdraw',
        reason: input.reason,
      });
    if (change.kind === 'end')
      await repo.endSubscriptionsOn(
        tx,
        changing.map((s) => s.id),
        change.day,
      );
    if (change.kind === 'withdraw') await repo.withdrawSubscriptions(tx, who.businessId, changing);
    const sub = subs[0];
    await recordAudit(tx, actorOfCorrector(who), {
      businessId: who.businessId,
      action: 'payment.refund',
      recordKind: 'payment',
      recordId: p.id,
      recordLabel: p.receiptNumber,
      memberId: p.memberId,
      paymentId: p.id,
      changes:
        change.kind === 'none' || !sub
          ? {}
          : change.kind === 'end'
            ? { subscription_last_day: { from: sub.expiryDate, to: change.day } }
            : { subscription_active: { from: true, to: false } },
      detail: {
        member_name: await memberNameOf(tx, who.businessId, p.id),
        amount_kobo: amountKobo,
        method: input.method as PaymentMethod,
        reason: input.reason,
        refund_id: refundId,
        subscription_action: input.subscription,
        refunded_on: today,
      },
    });
    return false;
  });
  return { details: await paymentDetails(ctx, who, id), replayed };
};
