import { formatDay, type PaymentDetails } from '@kora/shared';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { recordAudit } from '../audit';
import {
  VOIDED_NO_CONFIRM,
  actorOfCorrector,
  auditDetail,
  memberNameOf,
  paymentDetails,
  paymentNotFound,
  type Corrector,
} from './payments.corrections';
import * as repo from './payments.corrections.repository';

/**
 * Ticks payment `id` against the bank statement (owners and admins). One already confirmed is
 * answered as it is; a voided one is refused.
 */
export const confirmPayment = async (
  ctx: AppContext,
  who: Corrector,
  id: number,
): Promise<PaymentDetails> => {
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPayment(tx, who.businessId, id);
    if (!p) throw paymentNotFound();
    if (p.voidedAt !== null) throw conflict(VOIDED_NO_CONFIRM, 'PAYMENT_VOIDED');
    if (p.confirmedAt !== null) return;
    await repo.markConfirmed(tx, p.id, who.userId);
    await recordAudit(tx, actorOfCorrector(who), {
      businessId: who.businessId,
      action: 'payment.confirm',
      recordKind: 'payment',
      recordId: p.id,
      recordLabel: p.receiptNumber,
      memberId: p.memberId,
      paymentId: p.id,
      detail: auditDetail(p, await memberNameOf(tx, who.businessId, p.id)),
    });
  });
  return paymentDetails(ctx, who, id);
};

/**
 * Ticks every desk transfer of a Lagos day not confirmed yet (nor voided); answers how many.
 * One audit entry tells how many were confirmed and their total; none when there were none.
 */
export const confirmPaymentDay = async (
  ctx: AppContext,
  who: Corrector,
  day: string,
): Promise<{ confirmed: number }> =>
  ctx.db.transaction(async (tx) => {
    const done = await repo.confirmDay(tx, who.businessId, day, who.userId);
    if (done.count > 0)
      await recordAudit(tx, actorOfCorrector(who), {
        businessId: who.businessId,
        action: 'payment.confirm',
        recordKind: 'payment',
        recordLabel: formatDay(day),
        detail: { day, count: done.count, amount_kobo: done.kobo },
      });
    return { confirmed: done.count };
  });
